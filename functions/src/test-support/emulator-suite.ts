import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import { startStorageStandIn } from './storage-stand-in';

const ROOT = path.resolve(import.meta.dirname, '../../..');
const require = createRequire(import.meta.url);
export const EMULATOR_PROJECT_ID = 'demo-wayfare';
/** Signs sessions in every API test, local or in the emulators, so a suite can forge tokens with the real key. */
export const TEST_JWT_SECRET = 'test-secret-that-is-long-enough-for-hs256-signing';
const DEV_JWT_SECRET = 'local-emulator-secret-change-me-0123456789';
/**
 * The keyless services (Open-Meteo, Wikipedia) at a closed local port unless a suite starts a stand-in: tests never
 * reach the internet, and see the offline answers (estimate, no photo) as a machine without internet would.
 */
export const KEYLESS_SERVICES_OFFLINE: Record<string, string> = {
  OPEN_METEO_BASE_URL: 'http://127.0.0.1:9',
  WIKIPEDIA_BASE_URL: 'http://127.0.0.1:9',
  RATES_BASE_URL: 'http://127.0.0.1:9',
};
/**
 * What the function runs with when the API suites target it: limits generous enough for suites that sign up many
 * users from one address (the suites' own expectations; the limits themselves are tested against npm start's app),
 * and the optional keys' params empty (the offline implementations), whatever a developer's functions/.env says.
 */
export const EMULATOR_FUNCTION_ENV: Record<string, string> = {
  ...KEYLESS_SERVICES_OFFLINE,
  GEMINI_API_KEY: '',
  WEATHER_API_KEY: '',
  GOOGLE_MAPS_API_KEY: '',
  JWT_SECRET: TEST_JWT_SECRET,
  RATE_LIMIT_AUTH_PER_IP: '100000',
  RATE_LIMIT_FAILED_LOGINS_PER_ACCOUNT: '100000',
  RATE_LIMIT_FAILED_LOGINS_PER_PAIR: '100000',
  LOG_LEVEL: 'warn',
};
interface FirebaseJson {
  hosting: { headers: Array<{ source: string; headers: Array<{ key: string; value: string }> }> };
  functions: Array<Record<string, unknown>>;
  emulators: Record<'hosting' | 'functions' | 'firestore' | 'storage' | 'auth' | 'tasks', { port: number }>;
}
/** The ports firebase.json gives the emulators; the Node.js stand-ins take the same ones. */
const firebaseJson = JSON.parse(fs.readFileSync(path.join(ROOT, 'firebase.json'), 'utf8')) as FirebaseJson;
const port = (name: keyof FirebaseJson['emulators']) => firebaseJson.emulators[name].port;
export const HOSTING_URL = `http://127.0.0.1:${port('hosting')}`;
export const FUNCTIONS_URL = `http://127.0.0.1:${port('functions')}`;
/** The default Storage bucket firebase-tools gives the function of a demo project (its admin SDK config). */
export const EMULATOR_STORAGE_BUCKET = `${EMULATOR_PROJECT_ID}.appspot.com`;

declare module 'vitest' {
  export interface ProvidedContext {
    /** The emulators project's global setup: POST a function env here, and the function runs on it from then on. */
    emulatorFunctionEnvUrl: string;
  }
}

export interface EmulatorSuite {
  hostingUrl: string;
  /** Which Firestore and Storage served the run: the official emulators, or the Node.js ones here. */
  firestore: 'official' | 'node';
  /**
   * Starts Auth, Functions, Hosting and Cloud Tasks again with the function on `functionEnv` (a fresh instance:
   * nothing the previous one kept in memory); Firestore and Storage keep their data. Resolves once /api answers.
   */
  restartFunctions(functionEnv: Record<string, string>): Promise<void>;
  stop(): Promise<void>;
}

/** The official Firestore and Storage emulators need Java 21+; Auth, Functions and Hosting run on any Java. */
export function javaMajorVersion(): number {
  const probe = spawnSync('java', ['-version'], { encoding: 'utf8' });
  const match = /version "(\d+)/.exec(`${probe.stderr ?? ''}${probe.stdout ?? ''}`);
  return match ? Number(match[1]) : 0;
}

/**
 * firebase.json as the emulators serve it: the same, except that the pages' CSP also admits the local Auth and
 * Firestore emulators, which the web app built with `--mode emulators` talks to (production's policy names only
 * Google's origins), and does not upgrade requests to https. Written beside firebase.json so its relative paths hold; git ignores it.
 */
export function writeEmulatorConfig(options: { functionConfigDir?: string } = {}): string {
  const local = (name: 'auth' | 'firestore') => `http://127.0.0.1:${port(name)}`;
  const headers = firebaseJson.hosting.headers.map((rule) => ({
    ...rule,
    headers: rule.headers.map((header) =>
      header.key === 'Content-Security-Policy'
        ? {
            ...header,
            value: header.value
              .replace(/connect-src ([^;]*)/, `connect-src $1 ${local('auth')} ${local('firestore')}`)
              // Served over plain http here: requests must not be upgraded to https.
              .replace(/;?upgrade-insecure-requests/, ''),
          }
        : header,
    ),
  }));
  // firebase-tools reads the function's .env files from `configDir` (default: the functions folder).
  const functions = options.functionConfigDir
    ? firebaseJson.functions.map((codebase) => ({
        ...codebase,
        configDir: path.relative(ROOT, options.functionConfigDir!),
      }))
    : firebaseJson.functions;
  const file = path.join(ROOT, 'firebase.emulators.json');
  fs.writeFileSync(
    file,
    `${JSON.stringify({ ...firebaseJson, functions, hosting: { ...firebaseJson.hosting, headers } }, null, 2)}\n`,
  );
  return file;
}

/**
 * Where a test run's function environment is written (git-ignored, as all of .firebase/): its own config folder,
 * so the run neither reads nor writes a developer's functions/.env, .env.<project> or .env.local (firebase-tools
 * writes the params it resolved into the config folder's .env.local when a .env lacks them).
 */
const FUNCTION_CONFIG_DIR = path.join(ROOT, '.firebase', 'emulator-function-env');
/** JWT_SECRET is a Secret Manager secret, not a param: the emulator takes it from the environment it starts in. */
const SECRETS = new Set(['JWT_SECRET']);

/** The dotenv file firebase-tools loads for the function (values quoted: URLs, empty keys). */
function writeFunctionEnv(functionEnv: Record<string, string>) {
  fs.rmSync(FUNCTION_CONFIG_DIR, { recursive: true, force: true });
  fs.mkdirSync(FUNCTION_CONFIG_DIR, { recursive: true });
  const lines = Object.entries(functionEnv)
    .filter(([key]) => !SECRETS.has(key))
    .map(([key, value]) => `${key}=${JSON.stringify(value)}\n`);
  fs.writeFileSync(path.join(FUNCTION_CONFIG_DIR, '.env'), lines.join(''));
}

async function waitForHealth(url: string, child: ChildProcess, timeoutMs: number) {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    if (child.exitCode !== null) throw new Error(`the emulators exited with code ${child.exitCode}`);
    const ok = await fetch(`${url}/api/health`, { signal: AbortSignal.timeout(10_000) }).then(
      (r) => r.ok,
      () => false,
    );
    if (ok) return;
    if (Date.now() > deadline) throw new Error(`${url}/api/health did not answer 200 within ${timeoutMs} ms`);
    await new Promise((r) => setTimeout(r, 250));
  }
}

/**
 * Starts Hosting (serving web/dist-firebase, rewriting /api/** to the function), Functions, Auth and Cloud Tasks
 * (the writeGuide queue) from firebase-tools, and Firestore and Storage: the official emulators where Java 21+ is
 * installed, else the Node.js Firestore emulator and the local Cloud Storage stand-in in this process. Resolves once
 * Hosting's /api/health answers 200 (the function has loaded). Expects `npm run build` (functions) and the emulator
 * web build done. With `functionEnv` (the test runs), the function reads exactly that, not functions/.env*.
 */
export async function startEmulatorSuite(
  options: {
    env?: Record<string, string>;
    functionEnv?: Record<string, string>;
    log?: (line: string) => void;
    quiet?: boolean;
  } = {},
): Promise<EmulatorSuite> {
  const log = options.log ?? (() => {});
  const official = javaMajorVersion() >= 21;
  const env: Record<string, string | undefined> = {
    ...process.env,
    JWT_SECRET: process.env.JWT_SECRET ?? DEV_JWT_SECRET,
    METADATA_SERVER_DETECTION: 'none',
    ...options.env,
  };
  const stops: Array<() => Promise<void> | void> = [];
  if (!official) {
    // Its ESM build cannot be loaded by Node itself (extensionless imports): take the CommonJS one.
    const { FirestoreServer } =
      require('@firestore-emulator/server') as typeof import('@firestore-emulator/server');
    const firestore = new FirestoreServer();
    await firestore.start(port('firestore'));
    stops.push(() => firestore.stop());
    const storage = await startStorageStandIn(port('storage'));
    stops.push(() => storage.close().then(() => undefined));
    env.FIRESTORE_EMULATOR_HOST = `127.0.0.1:${port('firestore')}`;
    env.FIREBASE_STORAGE_EMULATOR_HOST = `127.0.0.1:${port('storage')}`;
    env.STORAGE_EMULATOR_HOST = `http://127.0.0.1:${port('storage')}`;
  }
  const only = `auth,functions,hosting,tasks${official ? ',firestore,storage' : ''}`;
  log(
    official
      ? 'Firestore and Storage: the official emulators (Java 21+ found)'
      : 'Firestore: the Node.js emulator (@firestore-emulator/server); Storage: the local stand-in ' +
          '(the official ones need Java 21+, not found)',
  );
  const cli = require.resolve('firebase-tools/lib/bin/firebase.js');

  /** The firebase-tools CLI with its emulators, in its own process group; resolves to its stop. */
  const startCli = async (functionEnv: Record<string, string> | undefined) => {
    if (functionEnv) writeFunctionEnv(functionEnv);
    const config = writeEmulatorConfig(functionEnv ? { functionConfigDir: FUNCTION_CONFIG_DIR } : {});
    const secrets = Object.fromEntries(Object.entries(functionEnv ?? {}).filter(([key]) => SECRETS.has(key)));
    const child = spawn(
      process.execPath,
      [cli, 'emulators:start', '--only', only, '--project', EMULATOR_PROJECT_ID, '--config', config],
      {
        cwd: ROOT,
        env: { ...env, ...secrets },
        detached: true, // its own process group, so stop() ends the CLI and every emulator it started
        stdio: ['ignore', options.quiet ? 'ignore' : 'inherit', options.quiet ? 'ignore' : 'inherit'],
      },
    );
    const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
    const stopChild = async () => {
      if (child.exitCode !== null) return;
      const signalGroup = (signal: NodeJS.Signals) => {
        try {
          process.kill(-child.pid!, signal);
        } catch {
          // already gone
        }
      };
      signalGroup('SIGTERM');
      const killed = setTimeout(() => signalGroup('SIGKILL'), 15_000);
      await exited;
      clearTimeout(killed);
    };
    try {
      await waitForHealth(HOSTING_URL, child, 120_000);
    } catch (err) {
      await stopChild();
      throw err;
    }
    return stopChild;
  };

  const stopOthers = async () => {
    for (const s of stops.reverse()) await s();
    if (options.functionEnv) fs.rmSync(FUNCTION_CONFIG_DIR, { recursive: true, force: true });
  };
  let stopCli: () => Promise<void>;
  try {
    stopCli = await startCli(options.functionEnv);
  } catch (err) {
    await stopOthers();
    throw err;
  }
  return {
    hostingUrl: HOSTING_URL,
    firestore: official ? 'official' : 'node',
    async restartFunctions(functionEnv) {
      await stopCli();
      stopCli = await startCli(functionEnv);
    },
    async stop() {
      await stopCli();
      await stopOthers();
    },
  };
}
