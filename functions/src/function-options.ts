import { defineSecret, defineString } from 'firebase-functions/params';
import type { HttpsOptions } from 'firebase-functions/v2/https';

/**
 * Every key the server reads in production. JWT_SECRET is a Secret Manager secret (deploy asks for it). The
 * optional keys are params defaulting to empty (= feature off: offline planner, estimated weather, no photos),
 * set in functions/.env.<project> or at the deploy prompt; defining them is what makes deploy list them. Both
 * reach the code as environment variables.
 */
export const jwtSecret = defineSecret('JWT_SECRET');
export const optionalKeyParams = ['GEMINI_API_KEY', 'WEATHER_API_KEY', 'GOOGLE_MAPS_API_KEY'].map((name) =>
  defineString(name, { default: '', description: `${name} (optional; empty turns the feature off)` }),
);

/** Gemini gets two attempts of GEMINI_TIMEOUT_MS (45 s each) and then the offline fallback: 120 s covers all. */
export const apiFunctionOptions = {
  region: 'us-central1',
  timeoutSeconds: 120,
  memory: '512MiB',
  // One instance serves many requests at once (a cold start is paid once, not per concurrent request).
  concurrency: 80,
  // Same origin behind Hosting: no cross-origin grant.
  cors: false,
  secrets: [jwtSecret],
} satisfies HttpsOptions;
