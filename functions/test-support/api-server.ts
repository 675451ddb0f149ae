import { randomUUID } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { AddressInfo } from 'node:net';
import { deleteApp, initializeApp } from 'firebase-admin/app';
import { getFirestore } from 'firebase-admin/firestore';
import { getStorage } from 'firebase-admin/storage';
import { pino } from 'pino';
import { inject } from 'vitest';
import { createApp, type AppDeps } from '../src/app';
import { createTokenService, type TokenService } from '../src/http/tokens';
import { loadConfig, type AppConfig } from '../src/config';
import { answerClientErrorsAsJson } from '../src/http/client-errors';
import { openSqliteStore } from '../src/store/embedded/sqlite-store';
import { createFirestoreStore } from '../src/store/firestore/firestore-store';
import { startTestFirestore } from './test-firestore';
import type { Store } from '../src/store/types';
import {
  EMULATOR_FUNCTION_ENV,
  EMULATOR_PROJECT_ID,
  EMULATOR_STORAGE_BUCKET,
  KEYLESS_SERVICES_OFFLINE,
  TEST_JWT_SECRET,
} from './emulator-suite';

export { TEST_JWT_SECRET };

/** True when this run's API suites target the product inside the emulator suite (the `emulators` project). */
export const targetsEmulatorSuite = Boolean(process.env.WAYFARE_API_TARGET);
/**
 * The emulator suite runs on the Node.js Firestore emulator (no JDK ≥ 21 or emulator for the official one), which
 * does not detect transaction conflicts: checks that rest on them (duplicate suppression across racing batches)
 * cannot hold there. The emulators project's setup file sets WAYFARE_EMULATED_FIRESTORE to what its suite runs.
 */
export const nodeFirestoreEmulatorUnderTest =
  targetsEmulatorSuite && process.env.WAYFARE_EMULATED_FIRESTORE === 'node';

export interface TestApi {
  baseUrl: string;
  /** Which backend answers: firebase inside the emulator suite (or when a suite asks for it), else embedded. */
  backend: 'embedded' | 'firebase';
  /** The embedded data folder (database, uploads) of this server; empty inside the emulator suite. */
  dataDir: string;
  store: Store;
  /**
   * The keys of the stored files under `prefix` (e.g. `receipts/{tripId}/`), sorted, where this backend keeps them:
   * the embedded data folder's uploads, or the Storage bucket the function writes to in the emulator suite.
   */
  storedFiles(prefix: string): Promise<string[]>;
  tokens: TokenService;
  /** fetch against the API with JSON in and out; `token` adds the bearer header. */
  call(
    method: string,
    urlPath: string,
    options?: { body?: unknown; token?: string; headers?: Record<string, string> },
  ): Promise<{ status: number; headers: Headers; body: any }>; // eslint-disable-line @typescript-eslint/no-explicit-any
  close(): Promise<void>;
}

/**
 * The real app on the embedded store in a temp dir, listening on a free port, spoken to over real HTTP — or, when
 * the test run targets the emulator suite (WAYFARE_API_TARGET, see vitest.config.ts), the product inside the
 * Functions emulator behind Hosting's /api rewrite, with `store` reading the same Firestore emulator. A suite that
 * brings its own store (`options.store`) gets the app in this process on it, wherever it runs.
 */
export async function startTestApi(
  env: Record<string, string> = {},
  options: Parameters<typeof startLocalApi>[1] = {},
): Promise<TestApi> {
  const target = process.env.WAYFARE_API_TARGET;
  return target && !options.store ? connectToEmulatorSuite(target, env) : startLocalApi(env, options);
}

/**
 * Firebase mode's app in this process on the Firestore adapter, over real HTTP: on the emulator suite's Firestore in
 * the emulators project (the official emulator wherever it runs), else on a Node.js emulator of its own.
 * `detectsConflicts`: whether that Firestore detects transaction conflicts (only the official emulator does).
 */
export async function startFirestoreApi(): Promise<TestApi & { detectsConflicts: boolean }> {
  const firestore = await startTestFirestore();
  const api = await startTestApi(
    { WAYFARE_BACKEND: 'firebase', JWT_SECRET: TEST_JWT_SECRET },
    { store: createFirestoreStore(firestore.db) },
  );
  return {
    ...api,
    detectsConflicts: firestore.official,
    async close() {
      await api.close();
      await firestore.stop();
    },
  };
}

async function startLocalApi(
  env: Record<string, string> = {},
  options: {
    webDist?: string;
    /** Another store to run the app on (the Firestore adapter); the caller closes it. */
    store?: Store;
    createFirebaseToken?: (userId: string) => Promise<string>;
    /** Where guides are written, as firebase-app.ts gives them (else the app's default for its config). */
    guides?: AppDeps['guides'];
  } = {},
): Promise<TestApi> {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'wayfare-api-'));
  const config: AppConfig = loadConfig({
    WAYFARE_DATA_DIR: dataDir,
    LOG_LEVEL: 'silent',
    ...KEYLESS_SERVICES_OFFLINE,
    ...env,
  });
  const store = options.store ?? openSqliteStore(path.join(dataDir, 'wayfare.db'));
  const tokens = createTokenService(TEST_JWT_SECRET, config.tokenTtlSeconds);
  const app = createApp({
    config,
    store,
    tokens,
    logger: pino({ level: 'silent' }),
    webDist: options.webDist,
    createFirebaseToken: options.createFirebaseToken,
    guides: options.guides,
  });
  const server = await new Promise<ReturnType<typeof app.listen>>((resolve) => {
    const s = app.listen(0, '127.0.0.1', () => resolve(s));
  });
  answerClientErrorsAsJson(server);
  const baseUrl = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;

  return {
    baseUrl,
    backend: config.backend,
    dataDir,
    store,
    async storedFiles(prefix) {
      const uploads = path.join(dataDir, 'uploads');
      const dir = path.join(uploads, prefix);
      if (!fs.existsSync(dir)) return [];
      return fs
        .readdirSync(dir, { recursive: true, withFileTypes: true })
        .filter((entry) => entry.isFile())
        .map((entry) =>
          path.relative(uploads, path.join(entry.parentPath, entry.name)).split(path.sep).join('/'),
        )
        .sort();
    },
    tokens,
    call: httpCaller(baseUrl),
    async close() {
      server.closeAllConnections();
      await new Promise((resolve) => server.close(resolve));
      if (!options.store) await store.close();
      fs.rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

/**
 * Inside the emulator suite: the function runs on EMULATOR_FUNCTION_ENV and `env` from now on (reloaded by the
 * emulators project's global setup unless it already does). For a suite that speaks to Hosting without startTestApi.
 */
export async function runEmulatedFunctionOn(env: Record<string, string> = {}): Promise<void> {
  const settings = await fetch(inject('emulatorFunctionEnvUrl'), {
    method: 'POST',
    body: JSON.stringify({ ...EMULATOR_FUNCTION_ENV, ...env }),
  });
  if (!settings.ok) {
    throw new Error(`the function did not start on the suite's settings: ${await settings.text()}`);
  }
}

/**
 * The product already running in the emulator suite (started once per run by the emulators project's global
 * setup), its function on EMULATOR_FUNCTION_ENV and the suite's `env` (the global setup reloads the function when
 * that differs from what it runs on, so a suite's settings, like a server of its own, start from a fresh instance).
 */
async function connectToEmulatorSuite(baseUrl: string, env: Record<string, string>): Promise<TestApi> {
  await runEmulatedFunctionOn(env);
  const firebaseApp = initializeApp({ projectId: EMULATOR_PROJECT_ID }, `api-test-${randomUUID()}`);
  const db = getFirestore(firebaseApp);
  const store = createFirestoreStore(db);
  const bucket = getStorage(firebaseApp).bucket(EMULATOR_STORAGE_BUCKET);
  return {
    baseUrl,
    backend: 'firebase',
    dataDir: '',
    store,
    async storedFiles(prefix) {
      const [files] = await bucket.getFiles({ prefix });
      return files.map((file) => file.name).sort();
    },
    tokens: createTokenService(TEST_JWT_SECRET, loadConfig({}).tokenTtlSeconds),
    call: httpCaller(baseUrl),
    async close() {
      await store.close();
      await deleteApp(firebaseApp);
    },
  };
}

/**
 * Inside the emulator suite, at least `count` function workers started and idle before a burst of as many
 * concurrent requests (elsewhere nothing to do). The Functions emulator serves each concurrent request with a worker
 * process of its own, started on demand: on this shared 2-core machine a batch of cold ones takes longer to load
 * than Hosting waits (60 s), which would measure the emulator's process starts, not the product (Cloud Functions
 * serves up to 80 requests per instance: function-options.ts). Rounds of health checks until one is all answered.
 */
export async function warmFunctionWorkers(api: TestApi, count: number): Promise<void> {
  if (!targetsEmulatorSuite) return;
  for (let round = 0; round < 4; round += 1) {
    const answers = await Promise.all(Array.from({ length: count }, () => api.call('GET', '/api/health')));
    if (answers.every((answer) => answer.status === 200)) return;
  }
  throw new Error(`${count} function workers did not start in four rounds`);
}

function httpCaller(baseUrl: string): TestApi['call'] {
  return async (method, urlPath, { body, token, headers = {} } = {}) => {
    const res = await fetch(baseUrl + urlPath, {
      method,
      headers: {
        ...(body !== undefined && { 'content-type': 'application/json' }),
        ...(token && { authorization: `Bearer ${token}` }),
        ...headers,
      },
      body: body === undefined ? undefined : typeof body === 'string' ? body : JSON.stringify(body),
    });
    const text = await res.text();
    const isJson = res.headers.get('content-type')?.includes('application/json');
    return { status: res.status, headers: res.headers, body: isJson ? JSON.parse(text) : text };
  };
}
