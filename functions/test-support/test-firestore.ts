import { randomUUID } from 'node:crypto';
import net from 'node:net';
import { deleteApp, initializeApp, type App } from 'firebase-admin/app';
import { getFirestore, type Firestore } from 'firebase-admin/firestore';

export interface TestFirestore {
  app: App;
  db: Firestore;
  /**
   * True when FIRESTORE_EMULATOR_HOST points to the official emulator, started outside the tests (the emulators
   * project's suite, or a developer's): not when that suite runs the Node.js one (WAYFARE_EMULATED_FIRESTORE).
   */
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

/** Whether FIRESTORE_EMULATOR_HOST names the official emulator (see TestFirestore.official). */
export const officialFirestoreEmulator = () =>
  Boolean(process.env.FIRESTORE_EMULATOR_HOST) && process.env.WAYFARE_EMULATED_FIRESTORE !== 'node';

/**
 * A Firestore for tests: the emulator FIRESTORE_EMULATOR_HOST names when it is set, otherwise the Node.js
 * emulator (@firestore-emulator/server) started in-process on a free port.
 */
export async function startTestFirestore(): Promise<TestFirestore> {
  const official = officialFirestoreEmulator();
  // Off this machine's closed network: never probe the cloud metadata server for credentials.
  process.env.METADATA_SERVER_DETECTION ??= 'none';
  let stopServer = () => {};
  if (!process.env.FIRESTORE_EMULATOR_HOST) {
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
  'needs the official Firestore emulator (transaction conflicts): the emulators project runs it there ' +
  '(npx vitest run --project emulators), or set FIRESTORE_EMULATOR_HOST to one';
