import type { Express } from 'express';
import { onRequest } from 'firebase-functions/v2/https';
import { apiFunctionOptions, optionalKeyParams } from './function-options';
import { routeHostBodyRefusalsToApp } from './http/host-body-errors';

// Before the runtime builds its own body parsers (it does so after loading this module).
routeHostBodyRefusalsToApp();

/** Firebase mode: the same Express app as the embedded server, on Firestore; heavy modules load on first use. */
async function buildFirebaseApp(): Promise<Express> {
  const { createFirebaseApp } = await import('./firebase-app');
  const keys = Object.fromEntries(optionalKeyParams.map((param) => [param.name, param.value()] as const));
  return createFirebaseApp({ ...process.env, ...keys, WAYFARE_BACKEND: 'firebase' });
}

// Built on the first request, not at import: deploy-time analysis loads this file without secrets.
let app: Promise<Express> | undefined;
export const api = onRequest(apiFunctionOptions, async (req, res) => {
  app ??= buildFirebaseApp();
  (await app)(req, res);
});
