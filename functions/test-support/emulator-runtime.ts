import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import { createRequire } from 'node:module';
import os from 'node:os';
import path from 'node:path';

const ROOT = path.resolve(import.meta.dirname, '../..');
const require = createRequire(import.meta.url);

/** The official Firestore emulator's JDK floor (firebase-tools 15, Cloud Firestore emulator 1.19+). */
export const MIN_JAVA = 21;
/** gcloud's Firestore emulator jar (no Main-Class: run through a wrapper, see gcloudFirestoreWrapper). */
const GCLOUD_FIRESTORE_JAR = 'platform/cloud-firestore-emulator/cloud-firestore-emulator.jar';
const FIRESTORE_MAIN_CLASS = 'com.google.cloud.datastore.emulator.firestore.CloudFirestore';
/** Where the wrapper jar is made at run time (git-ignored, like all of .firebase/). */
const WRAPPER_DIR = path.join(ROOT, '.firebase', 'emulator-runtime');

interface DownloadInfo {
  downloadPathRelativeToCacheDir: string;
}
const downloadable = require('firebase-tools/lib/emulator/downloadableEmulatorInfo.json') as Record<
  'firestore' | 'storage',
  DownloadInfo
>;

/** What runs the emulators here, found once per process. */
export interface EmulatorRuntime {
  /** A JDK ≥ 21's `bin` folder, first on the emulators' PATH (firebase-tools runs `java` from PATH); else null. */
  javaBin: string | null;
  /**
   * The official Firestore emulator: where firebase-tools takes it from, and the environment that points it there
   * (FIRESTORE_EMULATOR_BINARY_PATH for gcloud's jar); null when it cannot run here.
   */
  firestore: { source: string; env: Record<string, string> } | null;
  /** Whether the official Storage emulator's rules runtime (a firebase-tools download) is present. */
  officialStorage: boolean;
  /** Why the Node.js stand-ins run instead, when they do (for the output). */
  missing: string[];
}

/** The major version `java -version` reports for this binary, 0 when it does not run. */
function javaMajor(java: string): number {
  const probe = spawnSync(java, ['-version'], { encoding: 'utf8', timeout: 20_000 });
  const match = /version "(\d+)/.exec(`${probe.stderr ?? ''}${probe.stdout ?? ''}`);
  return match ? Number(match[1]) : 0;
}

/** JAVA_HOME, every JDK under /usr/lib/jvm, then `java` on PATH: the first of major version ≥ 21. */
function findJavaBin(): string | null {
  const candidates: string[] = [];
  if (process.env.JAVA_HOME) candidates.push(path.join(process.env.JAVA_HOME, 'bin', 'java'));
  const jvm = '/usr/lib/jvm';
  if (fs.existsSync(jvm)) {
    for (const name of fs.readdirSync(jvm).sort().reverse())
      candidates.push(path.join(jvm, name, 'bin', 'java'));
  }
  for (const dir of (process.env.PATH ?? '').split(path.delimiter).filter(Boolean)) {
    candidates.push(path.join(dir, 'java'));
  }
  const seen = new Set<string>();
  for (const candidate of candidates) {
    if (!fs.existsSync(candidate)) continue;
    const real = fs.realpathSync(candidate);
    if (seen.has(real)) continue;
    seen.add(real);
    if (javaMajor(real) >= MIN_JAVA) return path.dirname(real);
  }
  return null;
}

/** firebase-tools' emulator cache (FIREBASE_EMULATORS_PATH or ~/.cache/firebase/emulators). */
const cachePath = (name: 'firestore' | 'storage') =>
  path.join(
    process.env.FIREBASE_EMULATORS_PATH ?? path.join(os.homedir(), '.cache', 'firebase', 'emulators'),
    downloadable[name].downloadPathRelativeToCacheDir,
  );

/** The Google Cloud SDK's root: CLOUDSDK_ROOT_DIR, the folder of `gcloud` on PATH, or the Debian package's. */
function gcloudRoots(): string[] {
  const roots = [process.env.CLOUDSDK_ROOT_DIR ?? ''];
  for (const dir of (process.env.PATH ?? '').split(path.delimiter).filter(Boolean)) {
    const gcloud = path.join(dir, 'gcloud');
    if (fs.existsSync(gcloud)) roots.push(path.resolve(path.dirname(fs.realpathSync(gcloud)), '..'));
  }
  roots.push('/usr/lib/google-cloud-sdk');
  return roots.filter(Boolean);
}

/**
 * gcloud's jar has no Main-Class, so firebase-tools' `java -jar` refuses it: a one-file wrapper jar whose manifest
 * names the main class and takes gcloud's jar on its Class-Path runs it. Made with the JDK's own `jar` tool, into
 * .firebase/ (never committed), and reused while it names the same jar.
 */
function gcloudFirestoreWrapper(javaBin: string, gcloudJar: string): string | null {
  const wrapper = path.join(WRAPPER_DIR, 'cloud-firestore-emulator-gcloud.jar');
  const manifest = path.join(WRAPPER_DIR, 'MANIFEST.MF');
  const text = `Main-Class: ${FIRESTORE_MAIN_CLASS}\nClass-Path: ${new URL(`file://${gcloudJar}`).href}\n`;
  if (fs.existsSync(wrapper) && fs.existsSync(manifest) && fs.readFileSync(manifest, 'utf8') === text) {
    return wrapper;
  }
  fs.mkdirSync(WRAPPER_DIR, { recursive: true });
  fs.writeFileSync(manifest, text);
  fs.rmSync(wrapper, { force: true });
  const made = spawnSync(path.join(javaBin, 'jar'), ['--create', '--file', wrapper, '--manifest', manifest], {
    encoding: 'utf8',
    timeout: 60_000,
  });
  return made.status === 0 ? wrapper : null;
}

/** firebase-tools' own download of the Firestore emulator (needs the internet once; then cached). */
function downloadFirestoreEmulator(javaBin: string): boolean {
  const cli = require.resolve('firebase-tools/lib/bin/firebase.js');
  const run = spawnSync(process.execPath, [cli, 'setup:emulators:firestore'], {
    cwd: ROOT,
    env: { ...process.env, PATH: `${javaBin}${path.delimiter}${process.env.PATH ?? ''}` },
    stdio: 'ignore',
    timeout: 180_000,
  });
  return run.status === 0 && fs.existsSync(cachePath('firestore'));
}

function findFirestore(javaBin: string): EmulatorRuntime['firestore'] {
  const override = process.env.FIRESTORE_EMULATOR_BINARY_PATH;
  if (override && fs.existsSync(override)) return { source: override, env: {} };
  if (fs.existsSync(cachePath('firestore'))) return { source: cachePath('firestore'), env: {} };
  for (const root of gcloudRoots()) {
    const jar = path.join(root, GCLOUD_FIRESTORE_JAR);
    if (!fs.existsSync(jar)) continue;
    const wrapper = gcloudFirestoreWrapper(javaBin, jar);
    if (wrapper) return { source: `${jar} (gcloud)`, env: { FIRESTORE_EMULATOR_BINARY_PATH: wrapper } };
  }
  return downloadFirestoreEmulator(javaBin) ? { source: cachePath('firestore'), env: {} } : null;
}

let found: EmulatorRuntime | undefined;

/** The JDK and official emulators this machine has, looked for once per process. */
export function emulatorRuntime(): EmulatorRuntime {
  if (found) return found;
  const javaBin = findJavaBin();
  const firestore = javaBin ? findFirestore(javaBin) : null;
  const officialStorage =
    javaBin !== null &&
    (fs.existsSync(process.env.STORAGE_EMULATOR_BINARY_PATH ?? '') || fs.existsSync(cachePath('storage')));
  const missing = [
    ...(javaBin ? [] : [`a JDK ≥ ${MIN_JAVA} (JAVA_HOME, /usr/lib/jvm/*, PATH)`]),
    ...(javaBin && !firestore
      ? [`the Firestore emulator (firebase-tools' download failed; no gcloud ${GCLOUD_FIRESTORE_JAR})`]
      : []),
  ];
  found = { javaBin, firestore, officialStorage, missing };
  return found;
}

/** What the Node.js Firestore emulator leaves out, said wherever it runs instead of the official one. */
export const NODE_FIRESTORE_LEAVES_OUT =
  'security rules tests, transaction-conflict (race) tests, duplicate suppression across racing batches and the ' +
  "browser's live listener (WebChannel) are not run";
