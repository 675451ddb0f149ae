import type { Express } from 'express';
import { defineSecret, defineString } from 'firebase-functions/params';
import { onRequest, type HttpsOptions } from 'firebase-functions/v2/https';
import { routeHostBodyRefusalsToApp } from './http/host-body-errors';

// Before the runtime builds its own body parsers (it does so after loading this module).
routeHostBodyRefusalsToApp();

/** The session signing secret (required): `firebase functions:secrets:set JWT_SECRET`. */
const jwtSecret = defineSecret('JWT_SECRET');
/**
 * Optional service keys, as params (functions/.env.<project>, or prompted at deploy); empty means the product's
 * offline implementation: the offline planner, estimated weather, the gradient photo placeholder.
 */
const optionalKeys = ['GEMINI_API_KEY', 'WEATHER_API_KEY', 'GOOGLE_MAPS_API_KEY'].map((name) =>
  defineString(name, { default: '', description: `${name} (optional; empty = offline implementation)` }),
);

/**
 * Where and how the function runs. The timeout covers the slowest request: two Gemini attempts (45 s each by
 * default) and then the offline planner.
 */
export const API_FUNCTION_OPTIONS: HttpsOptions = {
  region: 'us-central1',
  timeoutSeconds: 120,
  memory: '512MiB',
  concurrency: 80,
  cors: false,
  secrets: [jwtSecret],
};

/** Firebase mode: the same Express app as the embedded server, on Firestore; heavy modules load on first use. */
async function buildFirebaseApp(): Promise<Express> {
  const { createFirebaseApp } = await import('./firebase-app');
  const keys = Object.fromEntries(
    optionalKeys.map((param) => [param.name, param.value() || undefined] as const),
  );
  return createFirebaseApp({ ...process.env, ...keys, WAYFARE_BACKEND: 'firebase' });
}

// Built on the first request, not at import: deploy-time analysis loads this file without secrets.
let app: Promise<Express> | undefined;
export const api = onRequest(API_FUNCTION_OPTIONS, async (req, res) => {
  app ??= buildFirebaseApp();
  (await app)(req, res);
});
