import type { Express } from 'express';
import { onRequest } from 'firebase-functions/v2/https';
import { onSchedule } from 'firebase-functions/v2/scheduler';
import { onTaskDispatched } from 'firebase-functions/v2/tasks';
import {
  apiFunctionOptions,
  guideSweepOptions,
  guideTaskOptions,
  optionalKeyParams,
} from './function-options';
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

/** Gives the offline guide to trips whose guide no task finished (a job that died where nothing retries it). */
let sweepGuidesTask: Promise<() => Promise<void>> | undefined;
export const sweepGuides = onSchedule(guideSweepOptions, async () => {
  sweepGuidesTask ??= import('./firebase-app').then(({ createFirebaseGuideSweep }) =>
    createFirebaseGuideSweep(firebaseEnv()),
  );
  await (
    await sweepGuidesTask
  )();
});
