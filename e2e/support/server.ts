import { spawn, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';

const ROOT = path.resolve(import.meta.dirname, '../..');
const SERVER_ENTRY = path.join(ROOT, 'functions/lib/server.js');

async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const probe = net.createServer();
    probe.once('error', reject);
    probe.listen(0, '127.0.0.1', () => {
      const { port } = probe.address() as net.AddressInfo;
      probe.close(() => resolve(port));
    });
  });
}

export interface RunningServer {
  baseUrl: string;
  dataDir: string;
  /** Stops the process (SIGTERM, or SIGKILL to simulate a crash) and waits for it to exit. */
  stop(signal?: NodeJS.Signals): Promise<void>;
}

/**
 * Runs the built embedded server exactly as `npm start` does (node functions/lib/server.js from the repo root),
 * on a free port and a data dir of its own, and resolves once /api/health answers.
 */
export async function startServer(
  options: { dataDir?: string; env?: Record<string, string> } = {},
): Promise<RunningServer> {
  if (!fs.existsSync(SERVER_ENTRY)) throw new Error('Build first: npm run build (npm test does it for you)');
  const dataDir = options.dataDir ?? fs.mkdtempSync(path.join(os.tmpdir(), 'wayfare-e2e-'));
  const port = await freePort();
  const child: ChildProcess = spawn(process.execPath, [SERVER_ENTRY], {
    cwd: ROOT,
    env: {
      ...process.env,
      PORT: String(port),
      WAYFARE_DATA_DIR: dataDir,
      LOG_LEVEL: 'warn',
      // The keyless services at a closed port (as in the API tests): the offline answers, never the internet.
      OPEN_METEO_BASE_URL: 'http://127.0.0.1:9',
      WIKIPEDIA_BASE_URL: 'http://127.0.0.1:9',
      RATES_BASE_URL: 'http://127.0.0.1:9',
      ...options.env,
    },
    // The IPC channel carries the server's one 'listening' message (functions/src/server.ts).
    stdio: ['ignore', 'inherit', 'inherit', 'ipc'],
  });
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  const baseUrl = `http://127.0.0.1:${port}`;

  let deadline: NodeJS.Timeout | undefined;
  await new Promise<void>((resolve, reject) => {
    child.once('message', () => resolve());
    child.once('exit', (code) => reject(new Error(`server exited with code ${code}`)));
    deadline = setTimeout(() => reject(new Error('server did not start listening within 30 s')), 30_000);
  }).finally(() => {
    clearTimeout(deadline);
    if (child.connected) child.disconnect();
  });
  const health = await fetch(`${baseUrl}/api/health`);
  if (!health.ok) throw new Error(`/api/health answered ${health.status}`);

  return {
    baseUrl,
    dataDir,
    async stop(signal = 'SIGTERM') {
      if (child.exitCode === null && child.signalCode === null) child.kill(signal);
      await exited;
    },
  };
}

/** Registers an account through the API and returns its credentials. */
export async function registerAccount(baseUrl: string, firstName = 'maria') {
  const tag = `${Date.now().toString(36)}${Math.floor(Math.random() * 1e6).toString(36)}`;
  const account = {
    username: `e2e_${tag}`,
    email: `e2e.${tag}@example.com`,
    password: 'a long enough password',
    first_name: firstName,
    last_name: 'tester',
  };
  const res = await fetch(`${baseUrl}/api/auth/register`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify(account),
  });
  if (res.status !== 201) throw new Error(`register failed: ${res.status} ${await res.text()}`);
  return account;
}
