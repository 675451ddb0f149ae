// Cold start of the Cloud Function: from a new process to its first answer of GET /api/health (goal: < 1.5 s).
import { spawn } from 'node:child_process';
import { createRequire } from 'node:module';
import net from 'node:net';
import path from 'node:path';
import { median, ms, type Figure } from './support';

const ROOT = path.resolve(import.meta.dirname, '..');
const RUNS = 5;

async function freePort(): Promise<number> {
  return new Promise((resolve) => {
    const server = net.createServer().listen(0, '127.0.0.1', () => {
      const { port } = server.address() as net.AddressInfo;
      server.close(() => resolve(port));
    });
  });
}

async function firstAnswer(port: number, firestoreHost: string): Promise<number> {
  const started = performance.now();
  const child = spawn(process.execPath, [path.join(ROOT, 'bench/cold-instance.mjs')], {
    cwd: path.join(ROOT, 'functions'),
    env: {
      ...process.env,
      FUNCTION_BUNDLE: path.join(ROOT, 'functions/lib/index.js'),
      BENCH_PORT: String(port),
      FIRESTORE_EMULATOR_HOST: firestoreHost,
      GCLOUD_PROJECT: 'demo-wayfare',
      // What the Functions runtime provides: initializeApp() reads the project and bucket from it.
      FIREBASE_CONFIG: JSON.stringify({
        projectId: 'demo-wayfare',
        storageBucket: 'demo-wayfare.appspot.com',
      }),
      METADATA_SERVER_DETECTION: 'none',
      JWT_SECRET: 'bench-secret-that-is-long-enough-for-hs256',
      LOG_LEVEL: 'silent',
    },
    stdio: ['ignore', 'ignore', 'inherit'],
  });
  try {
    for (;;) {
      const res = await fetch(`http://127.0.0.1:${port}/api/health`).catch(() => null);
      if (res?.status === 200) return performance.now() - started;
      if (res) throw new Error(`GET /api/health answered ${res.status}`);
      if (child.exitCode !== null) throw new Error('the function process exited');
      await new Promise((resolve) => setTimeout(resolve, 5));
    }
  } finally {
    child.kill();
  }
}

/** Needs `npm run build` first (bench/run.ts builds). */
export async function runColdStartBench(): Promise<Figure[]> {
  // Its ESM build cannot be loaded by Node itself (extensionless imports): take the CommonJS one.
  const { FirestoreServer } = createRequire(import.meta.url)(
    '@firestore-emulator/server',
  ) as typeof import('@firestore-emulator/server');
  const firestore = new FirestoreServer();
  const firestorePort = await freePort();
  await firestore.start(firestorePort);
  try {
    const times: number[] = [];
    for (let i = 0; i < RUNS; i++)
      times.push(await firstAnswer(await freePort(), `127.0.0.1:${firestorePort}`));
    return [
      { name: `new instance to first answer (median of ${RUNS})`, value: ms(median(times)) },
      { name: 'slowest', value: ms(Math.max(...times)) },
      { name: 'goal', value: '< 1.5 s' },
    ];
  } finally {
    firestore.stop();
  }
}
