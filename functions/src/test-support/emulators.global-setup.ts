import fs from 'node:fs';
import path from 'node:path';
import { EMULATOR_FUNCTION_ENV, startEmulatorSuite, type EmulatorSuite } from './emulator-suite';

const ROOT = path.resolve(import.meta.dirname, '../../..');

/** Vitest global setup of the `emulators` project: the product in the emulator suite, once for all its suites. */
export default async function setup() {
  for (const built of ['functions/lib/index.js', 'web/dist-firebase/index.html']) {
    if (!fs.existsSync(path.join(ROOT, built))) {
      throw new Error(
        `${built} is missing: npm test builds it (npm run build && npm run build:emulators -w web)`,
      );
    }
  }
  const suite: EmulatorSuite = await startEmulatorSuite({
    env: EMULATOR_FUNCTION_ENV,
    quiet: true,
    log: (line) => console.info(`[emulators] ${line}`),
  });
  console.info(`[emulators] API suites run through Hosting's /api rewrite at ${suite.hostingUrl}`);
  return () => suite.stop();
}
