import { spawn, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import { createRequire } from 'node:module';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { emulatorRuntime, NODE_FIRESTORE_LEAVES_OUT } from './emulator-runtime';
import { startStorageStandIn } from './storage-stand-in';

const ROOT = path.resolve(import.meta.dirname, '../..');
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
const EMULATORS = ['hosting', 'functions', 'firestore', 'storage', 'auth', 'tasks'] as const;
type EmulatorName = (typeof EMULATORS)[number];
/** Where each emulator listens (the Node.js stand-ins take the Firestore and Storage ones). */
export type EmulatorPorts = Record<EmulatorName, number>;
interface FirebaseJson {
  hosting: {
    public: string;
    headers: Array<{ source: string; headers: Array<{ key: string; value: string }> }>;
  };
  functions: Array<Record<string, unknown>>;
  emulators: Record<EmulatorName, { port: number }> & Record<string, unknown>;
}
const firebaseJson = JSON.parse(fs.readFileSync(path.join(ROOT, 'firebase.json'), 'utf8')) as FirebaseJson;
/** The ports firebase.json gives the emulators: `npm run emulators` takes these. */
const CONFIG_PORTS = Object.fromEntries(
  EMULATORS.map((name) => [name, firebaseJson.emulators[name].port]),
) as EmulatorPorts;
const local = (port: number) => `127.0.0.1:${port}`;
/** The default Storage bucket firebase-tools gives the function of a demo project (its admin SDK config). */
export const EMULATOR_STORAGE_BUCKET = `${EMULATOR_PROJECT_ID}.appspot.com`;

declare module 'vitest' {
  export interface ProvidedContext {
    /** The emulators project's global setup: POST a function env here, and the function runs on it from then on. */
    emulatorFunctionEnvUrl: string;
    /** The run's addresses (free ports), set as environment variables by emulators.setup.ts. */
    emulatorClientEnv: Record<string, string>;
    /** The emulators project's global setup: answers once the suite it starts in the background serves. */
    emulatorReadyUrl: string;
  }
}

export interface EmulatorSuite {
  ports: EmulatorPorts;
  hostingUrl: string;
  /** Which Firestore served the run: the official emulator, or the Node.js one. */
  firestore: 'official' | 'node';
  /** Which Storage served the run: the official emulator, or the local stand-in. */
  storage: 'official' | 'stand-in';
  /** The environment a client of this run needs: Hosting's address, and the emulators' hosts for the admin SDK. */
  clientEnv: Record<string, string>;
  /**
   * The function on `functionEnv` from now on, as a fresh instance (nothing the previous one kept in memory):
   * firebase-tools reloads its definition and replaces its workers, which start on the new settings (a few seconds);
   * only a change of secret (JWT_SECRET, read at the CLI's start) restarts Auth, Functions, Hosting and Cloud Tasks.
   * Firestore and Storage keep their data. Resolves once /api answers.
   */
  switchFunctionEnv(functionEnv: Record<string, string>): Promise<'reloaded' | 'restarted'>;
  stop(): Promise<void>;
}

/** The suite before it starts: its ports and addresses are known, so clients can be told before it serves. */
export interface EmulatorSuitePlan extends Omit<EmulatorSuite, 'switchFunctionEnv' | 'stop'> {
  start(): Promise<EmulatorSuite>;
}

/**
 * firebase.json as the emulators serve it, written beside firebase.json so its relative paths hold (git ignores it):
 * the same, except for the ports, the pages' CSP, which also admits the local Auth and Firestore emulators the web
 * app built with `--mode emulators` talks to (production's policy names only Google's origins) and does not upgrade
 * requests to https, and the folder Hosting serves (servedDir, see serveEmulatorWebBuild). `name` tells apart the
 * files of CLIs that start at once, and `hub` and `logging` give them ports of their own (firebase-tools moves
 * them off a busy port, but two CLIs starting at once both find 4500 free, and one of them fails).
 */
export function writeEmulatorConfig(
  ports: EmulatorPorts,
  runId: string,
  options: { functionConfigDir?: string; name?: string; hub?: number; logging?: number } = {},
): { file: string; servedDir: string } {
  const hosts = [local(ports.auth), local(ports.firestore)].map((host) => `http://${host}`).join(' ');
  const headers = firebaseJson.hosting.headers.map((rule) => ({
    ...rule,
    headers: rule.headers.map((header) =>
      header.key === 'Content-Security-Policy'
        ? {
            ...header,
            value: header.value
              .replace(/connect-src ([^;]*)/, `connect-src $1 ${hosts}`)
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
  const servedDir = path.join(ROOT, 'web', 'dist-emulators', runId);
  const emulators = {
    ...firebaseJson.emulators,
    ...Object.fromEntries(EMULATORS.map((name) => [name, { host: '127.0.0.1', port: ports[name] }])),
    ...(options.hub && { hub: { host: '127.0.0.1', port: options.hub } }),
    ...(options.logging && { logging: { host: '127.0.0.1', port: options.logging } }),
  };
  const hosting = { ...firebaseJson.hosting, public: path.relative(ROOT, servedDir), headers };
  const file = path.join(ROOT, `firebase.emulators.${runId}${options.name ? `.${options.name}` : ''}.json`);
  fs.writeFileSync(file, `${JSON.stringify({ ...firebaseJson, functions, hosting, emulators }, null, 2)}\n`);
  return { file, servedDir };
}

/**
 * The folder Hosting serves in this run: a copy of the emulator web build with emulator-hosts.js, which tells the
 * page where Auth and Firestore listen.
 */
function serveEmulatorWebBuild(ports: EmulatorPorts, servedDir: string) {
  fs.rmSync(servedDir, { recursive: true, force: true });
  fs.cpSync(path.join(ROOT, firebaseJson.hosting.public), servedDir, { recursive: true });
  const hostsScript = { auth: local(ports.auth), firestore: local(ports.firestore) };
  fs.writeFileSync(
    path.join(servedDir, 'emulator-hosts.js'),
    `globalThis.wayfareEmulatorHosts = ${JSON.stringify(hostsScript)};\n`,
  );
}

/** A port nothing listens on now (the kernel's pick). */
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

/** Whether something already listens on this port (a developer's `npm run emulators`, another service). */
async function portBusy(port: number): Promise<boolean> {
  return new Promise((resolve) => {
    const server = net.createServer();
    server.once('error', () => resolve(true));
    server.listen(port, '127.0.0.1', () => server.close(() => resolve(false)));
  });
}

/**
 * firebase.json's ports, each checked first: a busy one fails at once with its name and number, rather than after
 * the CLI has started half the emulators.
 */
async function configPorts(): Promise<EmulatorPorts> {
  for (const name of EMULATORS) {
    if (await portBusy(CONFIG_PORTS[name])) {
      throw new Error(
        `port ${CONFIG_PORTS[name]} (the ${name} emulator, firebase.json) is in use: stop what listens there ` +
          '(another `npm run emulators`?) and try again',
      );
    }
  }
  return CONFIG_PORTS;
}

/** A free port for each emulator, so a test run's suite starts beside a developer's `npm run emulators`. */
async function freePorts(): Promise<EmulatorPorts> {
  const ports: Partial<EmulatorPorts> = {};
  for (const name of EMULATORS) ports[name] = await freePort();
  return ports as EmulatorPorts;
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

/**
 * How long a part of the suite may take to come up before the run gives up on it. A ceiling, not a wait (each part
 * is polled until it answers): a cold JVM and Functions worker on a 2-core machine that is also running a second
 * test run took over 120 s, so the ceiling leaves room for a machine that busy.
 */
const STARTUP_LIMIT_MS = 300_000;

/** Polls `url` until it answers `ok`, failing early if the CLI that should serve it exits. */
async function waitFor(
  what: string,
  url: string,
  child: ChildProcess,
  timeoutMs: number,
  ok: (res: Response) => boolean,
) {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    if (child.exitCode !== null) throw new Error(`the emulators exited with code ${child.exitCode}`);
    const answered = await fetch(url, { signal: AbortSignal.timeout(10_000) }).then(ok, () => false);
    if (answered) return;
    if (Date.now() > deadline) throw new Error(`${what} (${url}) did not answer within ${timeoutMs} ms`);
    await new Promise((r) => setTimeout(r, 250));
  }
}

type SuiteOptions = {
  env?: Record<string, string>;
  functionEnv?: Record<string, string>;
  ports?: 'config' | 'free';
  log?: (line: string) => void;
  quiet?: boolean;
};

/**
 * Starts the product inside firebase-tools' emulators: Hosting (a copy of web/dist-firebase, rewriting /api/** to
 * the function), Functions, Auth and Cloud Tasks (the writeGuide queue) in one CLI, restartable; Firestore and
 * Storage in another, which keeps its data; the two CLIs start at once. Firestore is the official emulator wherever
 * a JDK ≥ 21 and the emulator are found (emulator-runtime.ts), else the Node.js one in this process; Storage is the
 * official emulator only where its rules runtime is downloaded, else the local stand-in. Resolves once Firestore
 * serves and Hosting's /api/health answers 200. Expects `npm run build` (functions) and the emulator web build done.
 * With `functionEnv` (the test runs), the function reads exactly that, not functions/.env*. `ports`: firebase.json's
 * (checked free first), or free ones.
 */
export async function startEmulatorSuite(options: SuiteOptions = {}): Promise<EmulatorSuite> {
  return (await planEmulatorSuite(options)).start();
}

/** The suite's ports and addresses, chosen now, and its start (startEmulatorSuite), for later. */
export async function planEmulatorSuite(options: SuiteOptions = {}): Promise<EmulatorSuitePlan> {
  const log = options.log ?? (() => {});
  const runtime = emulatorRuntime();
  const official = runtime.javaBin !== null && runtime.firestore !== null;
  const officialStorage = official && runtime.officialStorage;
  const ports = options.ports === 'free' ? await freePorts() : await configPorts();
  const runId = options.ports === 'free' ? `run-${process.pid}` : 'dev';
  const hostingUrl = `http://${local(ports.hosting)}`;
  const described = {
    ports,
    hostingUrl,
    firestore: official ? ('official' as const) : ('node' as const),
    storage: officialStorage ? ('official' as const) : ('stand-in' as const),
    clientEnv: {
      WAYFARE_API_TARGET: hostingUrl,
      WAYFARE_FUNCTIONS_URL: `http://${local(ports.functions)}`,
      WAYFARE_EMULATED_FIRESTORE: official ? 'official' : 'node',
      FIRESTORE_EMULATOR_HOST: local(ports.firestore),
      FIREBASE_STORAGE_EMULATOR_HOST: local(ports.storage),
      FIREBASE_AUTH_EMULATOR_HOST: local(ports.auth),
    },
  };
  const env: Record<string, string | undefined> = {
    ...process.env,
    JWT_SECRET: process.env.JWT_SECRET ?? DEV_JWT_SECRET,
    METADATA_SERVER_DETECTION: 'none',
    ...runtime.firestore?.env,
    ...options.env,
  };
  // firebase-tools runs `java` from PATH: the JDK found first.
  if (runtime.javaBin) env.PATH = `${runtime.javaBin}${path.delimiter}${env.PATH ?? ''}`;
  env.FIRESTORE_EMULATOR_HOST = local(ports.firestore);
  env.FIREBASE_STORAGE_EMULATOR_HOST = local(ports.storage);
  env.STORAGE_EMULATOR_HOST = `http://${local(ports.storage)}`;
  log(
    official
      ? `Firestore: the official emulator (${runtime.firestore!.source}, Java in ${runtime.javaBin})`
      : `Firestore: the Node.js emulator (@firestore-emulator/server), lacking ${runtime.missing.join(' and ')}: ` +
          `${NODE_FIRESTORE_LEAVES_OUT}`,
  );
  log(
    officialStorage
      ? 'Storage: the official emulator'
      : "Storage: the local stand-in (the official emulator's rules runtime is not downloaded: storage.rules are not evaluated)",
  );
  const cli = require.resolve('firebase-tools/lib/bin/firebase.js');

  const start = async (): Promise<EmulatorSuite> => {
    // Each CLI its own temp folder: firebase-tools keeps one hub locator per project there, shared by every suite.
    const tmpRoot = fs.mkdtempSync(path.join(os.tmpdir(), 'wayfare-emulators-'));
    const files: string[] = [tmpRoot];
    const stops: Array<() => Promise<void> | void> = [];
    const stopAll = async () => {
      for (const s of stops.splice(0).reverse()) await s();
      for (const file of files) fs.rmSync(file, { recursive: true, force: true });
    };

    /** The firebase-tools CLI with `only` emulators, in its own process group; resolves to it and its stop. */
    const spawnCli = (name: string, only: string, config: string, extraEnv: Record<string, string> = {}) => {
      const tmp = path.join(tmpRoot, name);
      fs.mkdirSync(tmp, { recursive: true });
      // Quiet, the CLI still writes to a log of its own, whose end is printed should it exit before stop().
      const logFile = path.join(tmpRoot, `${name}.log`);
      const output = options.quiet ? fs.openSync(logFile, 'a') : 'inherit';
      let stopping = false;
      const child = spawn(
        process.execPath,
        [cli, 'emulators:start', '--only', only, '--project', EMULATOR_PROJECT_ID, '--config', config],
        {
          cwd: ROOT,
          env: { ...env, ...extraEnv, TMPDIR: tmp },
          detached: true, // its own process group, so stop() ends the CLI and every emulator it started
          stdio: ['ignore', output, output],
        },
      );
      if (typeof output === 'number') fs.closeSync(output);
      const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
      child.once('exit', (code, signal) => {
        if (stopping) return;
        const tail =
          options.quiet && fs.existsSync(logFile) ? fs.readFileSync(logFile, 'utf8').slice(-4000) : '';
        console.error(
          `[emulators] the ${name} CLI exited on its own (${code ?? signal}); its last output:\n${tail}`,
        );
      });
      const stop = async () => {
        stopping = true;
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
      return { child, hubLocator: path.join(tmp, `hub-${EMULATOR_PROJECT_ID}.json`), stop };
    };

    const apiHealth = `${hostingUrl}/api/health`;
    const secretsOf = (functionEnv: Record<string, string> | undefined) =>
      Object.fromEntries(Object.entries(functionEnv ?? {}).filter(([key]) => SECRETS.has(key)));
    /** `dataServes`: the health check reads Firestore, so it waits for that first (no worker hangs on it). */
    const startAppCli = async (
      functionEnv: Record<string, string> | undefined,
      dataServes: Promise<unknown> = Promise.resolve(),
    ) => {
      if (functionEnv) writeFunctionEnv(functionEnv);
      const { file } = writeEmulatorConfig(ports, runId, {
        name: 'app',
        hub: await freePort(),
        logging: await freePort(),
        ...(functionEnv && { functionConfigDir: FUNCTION_CONFIG_DIR }),
      });
      const secrets = secretsOf(functionEnv);
      // The Functions emulator starts a worker process per concurrent request; on a loaded machine a batch of them
      // outlasts its 30 s load limit and fails the requests. Given time, they load, and the requests are answered.
      const app = spawnCli('app', 'auth,functions,hosting,tasks', file, {
        ...secrets,
        FUNCTIONS_DISCOVERY_TIMEOUT: '150',
      });
      try {
        await dataServes;
        await waitFor('the API', apiHealth, app.child, STARTUP_LIMIT_MS, (r) => r.ok);
      } catch (err) {
        await app.stop();
        throw err;
      }
      return { ...app, secrets: JSON.stringify(secrets) };
    };

    /**
     * The function on other settings without a new CLI: the new .env, then the hub's "enable background triggers",
     * which reloads the function's definition (reading the .env again) and retires its workers; the next request
     * starts a worker on the new settings.
     */
    const reloadFunction = async (
      app: Awaited<ReturnType<typeof startAppCli>>,
      functionEnv: Record<string, string>,
    ) => {
      writeFunctionEnv(functionEnv);
      const hub = (JSON.parse(fs.readFileSync(app.hubLocator, 'utf8')) as { origins: string[] }).origins[0];
      const reloaded = await fetch(`${hub}/functions/enableBackgroundTriggers`, { method: 'PUT' });
      if (!reloaded.ok)
        throw new Error(`the emulator hub did not reload the function: ${await reloaded.text()}`);
      await waitFor('the API', apiHealth, app.child, STARTUP_LIMIT_MS, (r) => r.ok);
    };

    let app: Awaited<ReturnType<typeof startAppCli>> | undefined;
    try {
      const { file: dataConfig, servedDir } = writeEmulatorConfig(ports, runId, {
        hub: await freePort(),
        logging: await freePort(),
      });
      files.push(servedDir, dataConfig, path.join(ROOT, `firebase.emulators.${runId}.app.json`));
      serveEmulatorWebBuild(ports, servedDir);
      if (options.functionEnv) files.push(FUNCTION_CONFIG_DIR);
      const dataOnly = [...(official ? ['firestore'] : []), ...(officialStorage ? ['storage'] : [])];
      if (!official) {
        // Its ESM build cannot be loaded by Node itself (extensionless imports): take the CommonJS one.
        const { FirestoreServer } =
          require('@firestore-emulator/server') as typeof import('@firestore-emulator/server');
        const firestore = new FirestoreServer();
        await firestore.start(ports.firestore);
        stops.push(() => firestore.stop());
      }
      if (!officialStorage) {
        const storage = await startStorageStandIn(ports.storage);
        stops.push(() => storage.close().then(() => undefined));
      }
      const dataServes = async () => {
        if (!dataOnly.length) return;
        // Firestore's rules and Storage's (the app's CLI has a config file of its own).
        const data = spawnCli('data', dataOnly.join(','), dataConfig);
        stops.push(data.stop);
        // The Firestore emulator answers "Ok" on its root once it serves.
        await waitFor(
          'Firestore',
          `http://${local(ports.firestore)}/`,
          data.child,
          STARTUP_LIMIT_MS,
          (r) => r.ok,
        );
        if (officialStorage) {
          await waitFor(
            'Storage',
            `http://${local(ports.storage)}/`,
            data.child,
            STARTUP_LIMIT_MS,
            () => true,
          );
        }
      };
      // Both CLIs at once: the app's CLI loads the function while Firestore starts.
      const dataServing = dataServes();
      const [data, started] = await Promise.allSettled([
        dataServing,
        startAppCli(options.functionEnv, dataServing),
      ]);
      if (started.status === 'fulfilled') app = started.value;
      if (data.status === 'rejected') throw data.reason;
      if (started.status === 'rejected') throw started.reason;
    } catch (err) {
      await app?.stop();
      await stopAll();
      throw err;
    }
    return {
      ...described,
      async switchFunctionEnv(functionEnv) {
        const running = app!;
        if (JSON.stringify(secretsOf(functionEnv)) === running.secrets) {
          await reloadFunction(running, functionEnv);
          return 'reloaded';
        }
        app = undefined;
        await running.stop();
        app = await startAppCli(functionEnv);
        return 'restarted';
      },
      async stop() {
        await app?.stop();
        await stopAll();
      },
    };
  };
  return { ...described, start };
}
