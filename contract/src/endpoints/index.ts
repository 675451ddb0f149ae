import { authEndpoints } from './auth';
import type { Endpoint } from './endpoint';
import { fileEndpoints } from './files';
import { membershipEndpoints } from './membership';
import { linkEndpoints } from './links';
import { placeEndpoints } from './places';
import { planEndpoints } from './plans';
import { splitEndpoints } from './split';
import { tripEndpoints } from './trips';

export * from './endpoint';
export * from './auth';
export * from './files';
export * from './membership';
export * from './links';
export * from './places';
export * from './plans';
export * from './split';
export * from './trips';

/**
 * Every endpoint of /api by name: the server registers each once (functions/src/http/endpoints.ts, checked by
 * endpoints.test.ts there). The web app imports the entries it calls one by one, so a page loads only their schemas.
 */
export const allEndpoints = {
  ...authEndpoints,
  ...tripEndpoints,
  ...planEndpoints,
  ...placeEndpoints,
  ...linkEndpoints,
  ...fileEndpoints,
  ...membershipEndpoints,
  ...splitEndpoints,
} satisfies Record<string, Endpoint>;

export type EndpointName = keyof typeof allEndpoints;
