import { randomUUID } from 'node:crypto';
import net from 'node:net';
import { deleteApp, initializeApp, type App } from 'firebase-admin/app';
import { getFirestore, type Firestore } from 'firebase-admin/firestore';

export interface TestFirestore {
  app: App;
  db: Firestore;
  /** True when FIRESTORE_EMULATOR_HOST points to an emulator started outside the tests (the official one). */
  official: boolean;
  stop(): Promise<void>;
}

async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = net.createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address() as net.AddressInfo;
      server.close(() => resolve(port));
    });
  });
}

/**
 * A Firestore for tests: the official emulator when FIRESTORE_EMULATOR_HOST is set, otherwise the Node.js
 * emulator (@firestore-emulator/server) started in-process on a free port.
 */
export async function startTestFirestore(): Promise<TestFirestore> {
  const official = Boolean(process.env.FIRESTORE_EMULATOR_HOST);
  // Off this machine's closed network: never probe the cloud metadata server for credentials.
  process.env.METADATA_SERVER_DETECTION ??= 'none';
  let stopServer = () => {};
  if (!official) {
    const { FirestoreServer } = await import('@firestore-emulator/server');
    const server = new FirestoreServer();
    const port = await freePort();
    await server.start(port);
    process.env.FIRESTORE_EMULATOR_HOST = `127.0.0.1:${port}`;
    stopServer = () => {
      server.stop();
      delete process.env.FIRESTORE_EMULATOR_HOST;
    };
  }
  const app = initializeApp({ projectId: 'demo-wayfare' }, `test-${randomUUID()}`);
  const db = getFirestore(app);
  return {
    app,
    db,
    official,
    async stop() {
      await db.terminate();
      await deleteApp(app);
      stopServer();
    },
  };
}

export const officialEmulatorOnlyReason =
  'needs the official Firestore emulator (transaction conflicts); set FIRESTORE_EMULATOR_HOST to run it';
