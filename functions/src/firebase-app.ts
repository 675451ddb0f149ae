import type { Express } from 'express';
import { getApps, initializeApp, type App } from 'firebase-admin/app';
import { getAuth } from 'firebase-admin/auth';
import { getFirestore } from 'firebase-admin/firestore';
import { getStorage } from 'firebase-admin/storage';
import { pino } from 'pino';
import { tripIdParamsSchema } from '@wayfare/contract';
import { createApp } from './app';
import { createTokenService } from './http/tokens';
import { loadConfig } from './config';
import { storageFileStore } from './files/storage-file-store';
import { apiFunctionOptions } from './function-options';
import { createFirestoreStore } from './store/firestore/firestore-store';
import { guideProviderFor } from './ai';
import { finishAbandonedGuides, guideJobsFor, writeTripGuide } from './trips/guide-jobs';
import { cloudTasksGuideQueue } from './trips/guide-task-queue';

/** The one firebase-admin app of this instance. */
const adminApp = (): App => getApps()[0] ?? initializeApp();

/** The Express app on Firestore, Firebase Auth custom tokens and the default Storage bucket. */
export function createFirebaseApp(env: NodeJS.ProcessEnv): Express {
  const config = loadConfig(env);
  const firebaseApp = adminApp();
  const store = createFirestoreStore(getFirestore(firebaseApp));
  const logger = pino({ level: config.logLevel });
  return createApp({
    config,
    store,
    tokens: createTokenService(config.jwtSecret as string, config.tokenTtlSeconds),
    logger,
    createFirebaseToken: (userId) => getAuth(firebaseApp).createCustomToken(userId),
    files: storageFileStore(getStorage(firebaseApp).bucket()),
    // Gemini's guides are written by the writeGuide task, never after this function has answered.
    guides: guideJobsFor(config, store, logger, cloudTasksGuideQueue(firebaseApp, apiFunctionOptions.region)),
  });
}

/**
 * The writeGuide task's work: the trip's guide written with the configured writer and stored on Firestore. A task
 * without a trip id is dropped (answered, so never retried).
 */
export function createFirebaseGuideWriter(env: NodeJS.ProcessEnv): (data: unknown) => Promise<void> {
  const config = loadConfig(env);
  const store = createFirestoreStore(getFirestore(adminApp()));
  const logger = pino({ level: config.logLevel });
  const provider = guideProviderFor(config, logger);
  return async (data) => {
    const task = tripIdParamsSchema.safeParse(data);
    if (!task.success) return logger.warn('writeGuide: a task without a trip id is dropped');
    await writeTripGuide(store, provider, task.data.tripId, logger);
  };
}

/** The sweepGuides schedule's work: trips whose guide no task finished get the offline guide (guide-jobs.ts). */
export function createFirebaseGuideSweep(env: NodeJS.ProcessEnv): () => Promise<void> {
  const config = loadConfig(env);
  const store = createFirestoreStore(getFirestore(adminApp()));
  const logger = pino({ level: config.logLevel });
  return async () => {
    const finished = await finishAbandonedGuides(store);
    if (finished) logger.warn({ finished }, 'gave the offline guide to trips whose guide was never written');
  };
}
