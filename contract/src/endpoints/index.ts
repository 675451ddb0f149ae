import type { Endpoint } from './endpoint';
import * as auth from './auth';
import * as files from './files';
import * as guests from './guests';
import * as guestSessions from './guest-sessions';
import * as households from './households';
import * as links from './links';
import * as membership from './membership';
import * as places from './places';
import * as plans from './plans';
import * as split from './ledger';
import * as trips from './trips';

export * from './endpoint';
export * from './auth';
export * from './files';
export * from './guests';
export * from './guest-sessions';
export * from './households';
export * from './links';
export * from './membership';
export * from './places';
export * from './plans';
export * from './ledger';
export * from './trips';

/**
 * Every endpoint of /api by name: each module of this folder exports its feature's entries and nothing else, so an
 * endpoint is added by declaring it in its module. The server registers each once (functions/src/http/endpoints.ts;
 * endpoints.test.ts there checks it). The web app imports the entries it calls one by one, so a page loads only
 * their schemas.
 */
export const allEndpoints = {
  ...auth,
  ...trips,
  ...plans,
  ...places,
  ...links,
  ...files,
  ...membership,
  ...guests,
  ...guestSessions,
  ...households,
  ...split,
} satisfies Record<string, Endpoint>;

export type EndpointName = keyof typeof allEndpoints;
