import type { Express } from 'express';
import { initializeApp } from 'firebase-admin/app';
import { getAuth } from 'firebase-admin/auth';
import { getFirestore } from 'firebase-admin/firestore';
import { getStorage } from 'firebase-admin/storage';
import { onRequest } from 'firebase-functions/v2/https';
import { pino } from 'pino';
import { createApp } from './app';
import { createTokenService } from './auth/tokens';
import { loadConfig } from './config';
import { storageFileStore } from './files/storage-file-store';
import { createFirestoreStore } from './store/firestore/firestore-store';

/** Firebase mode: the same Express app as the embedded server, on Firestore. */
function buildFirebaseApp(): Express {
  const config = loadConfig({ ...process.env, WAYFARE_BACKEND: 'firebase' });
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

// Built on the first request, not at import: deploy-time analysis loads this file without secrets.
let app: Express | undefined;
export const api = onRequest({ secrets: ['JWT_SECRET'] }, (req, res) => {
  app ??= buildFirebaseApp();
  app(req, res);
});
