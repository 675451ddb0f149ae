import type { Express } from 'express';
import { initializeApp } from 'firebase-admin/app';
import { getAuth } from 'firebase-admin/auth';
import { getFirestore } from 'firebase-admin/firestore';
import { getStorage } from 'firebase-admin/storage';
import { pino } from 'pino';
import { createApp } from './app';
import { createTokenService } from './auth/tokens';
import { loadConfig } from './config';
import { storageFileStore } from './files/storage-file-store';
import { createFirestoreStore } from './store/firestore/firestore-store';

/** The Express app on Firestore, Firebase Auth custom tokens and the default Storage bucket. */
export function createFirebaseApp(env: NodeJS.ProcessEnv): Express {
  const config = loadConfig(env);
  const firebaseApp = initializeApp();
  return createApp({
    config,
    store: createFirestoreStore(getFirestore(firebaseApp)),
    tokens: createTokenService(config.jwtSecret as string, config.tokenTtlSeconds),
    logger: pino({ level: config.logLevel }),
    createFirebaseToken: (userId) => getAuth(firebaseApp).createCustomToken(userId),
    files: storageFileStore(getStorage(firebaseApp).bucket()),
  });
}
