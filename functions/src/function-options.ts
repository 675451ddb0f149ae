import { defineSecret, defineString } from 'firebase-functions/params';
import type { HttpsOptions } from 'firebase-functions/v2/https';
import type { ScheduleOptions } from 'firebase-functions/v2/scheduler';
import type { TaskQueueOptions } from 'firebase-functions/v2/tasks';

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

/** Uploads and the largest ledgers' calculations fit in 120 s; the AI guide is written by writeGuide, not here. */
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

/**
 * writeGuide, the task queue function that writes a new trip's Gemini guide after POST /api/trips has answered:
 * two attempts of GEMINI_TIMEOUT_MS (45 s each) and the offline fallback fit in 300 s. A task that fails outright
 * (Firestore unreachable) is tried again; a written guide is never overwritten (the store checks 'writing'). At most
 * 10 guides are written at once, so a burst of new trips does not become a burst of Gemini calls.
 */
export const guideTaskOptions = {
  region: apiFunctionOptions.region,
  timeoutSeconds: 300,
  memory: '512MiB',
  retryConfig: { maxAttempts: 3, minBackoffSeconds: 30 },
  rateLimits: { maxConcurrentDispatches: 10 },
  secrets: [jwtSecret],
} satisfies TaskQueueOptions;

/** sweepGuides: every 15 minutes, the offline guide for trips whose guide no writeGuide task finished. */
export const guideSweepOptions = {
  schedule: 'every 15 minutes',
  region: apiFunctionOptions.region,
  timeoutSeconds: 120,
  memory: '256MiB',
  secrets: [jwtSecret],
} satisfies ScheduleOptions;
