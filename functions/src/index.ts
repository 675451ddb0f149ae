import type { Express } from 'express';
import { onRequest } from 'firebase-functions/v2/https';
import { onTaskDispatched } from 'firebase-functions/v2/tasks';
import { apiFunctionOptions, guideTaskOptions, optionalKeyParams } from './function-options';
import { routeHostBodyRefusalsToApp } from './http/host-body-errors';

// Before the runtime builds its own body parsers (it does so after loading this module).
routeHostBodyRefusalsToApp();

/** Firebase mode: the same Express app as the embedded server, on Firestore; heavy modules load on first use. */
const firebaseEnv = () => ({
  ...process.env,
  ...Object.fromEntries(optionalKeyParams.map((param) => [param.name, param.value()] as const)),
  WAYFARE_BACKEND: 'firebase',
});

async function buildFirebaseApp(): Promise<Express> {
  const { createFirebaseApp } = await import('./firebase-app');
  return createFirebaseApp(firebaseEnv());
}

// Built on the first request, not at import: deploy-time analysis loads this file without secrets.
let app: Promise<Express> | undefined;
export const api = onRequest(apiFunctionOptions, async (req, res) => {
  app ??= buildFirebaseApp();
  (await app)(req, res);
});

/** Writes a new trip's AI guide (queued by POST /api/trips in firebase mode when Gemini is configured). */
let writeGuideTask: Promise<(data: unknown) => Promise<void>> | undefined;
export const writeGuide = onTaskDispatched<unknown>(guideTaskOptions, async (req) => {
  writeGuideTask ??= import('./firebase-app').then(({ createFirebaseGuideWriter }) =>
    createFirebaseGuideWriter(firebaseEnv()),
  );
  await (
    await writeGuideTask
  )(req.data);
});
