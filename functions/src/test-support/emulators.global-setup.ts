import fs from 'node:fs';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import path from 'node:path';
import type { TestProject } from 'vitest/node';
import { EMULATOR_FUNCTION_ENV, startEmulatorSuite, type EmulatorSuite } from './emulator-suite';

const ROOT = path.resolve(import.meta.dirname, '../../..');

const sameEnv = (a: Record<string, string>, b: Record<string, string>) =>
  JSON.stringify(Object.entries(a).sort()) === JSON.stringify(Object.entries(b).sort());

/**
 * Vitest global setup of the `emulators` project: the product in the emulator suite, once for all its suites. A
 * suite whose function needs other settings (a stand-in's address, a Gemini key) asks for them over a local HTTP
 * endpoint; the function restarts on them, and on EMULATOR_FUNCTION_ENV again for the next suite that asks for that.
 */
export default async function setup(project: TestProject) {
  for (const built of ['functions/lib/index.js', 'web/dist-firebase/index.html']) {
    if (!fs.existsSync(path.join(ROOT, built))) {
      throw new Error(
        `${built} is missing: npm test builds it (npm run build && npm run build:emulators -w web)`,
      );
    }
  }
  const log = (line: string) => console.info(`[emulators] ${line}`);
  let current = EMULATOR_FUNCTION_ENV;
  // Free ports: the run starts beside a developer's `npm run emulators` on firebase.json's.
  const suite: EmulatorSuite = await startEmulatorSuite({
    functionEnv: current,
    ports: 'free',
    quiet: true,
    log,
  });
  log(`API suites run through Hosting's /api rewrite at ${suite.hostingUrl}`);
  project.provide('emulatorClientEnv', suite.clientEnv);

  // Suites run one at a time (fileParallelism: false): one request at a time, each answered once the function runs.
  const control = http.createServer((req, res) => {
    let raw = '';
    req.on('data', (chunk: Buffer) => (raw += chunk.toString()));
    req.on('end', async () => {
      try {
        const wanted = JSON.parse(raw) as Record<string, string>;
        if (!sameEnv(wanted, current)) {
          const started = Date.now();
          await suite.restartFunctions(wanted);
          current = wanted;
          log(`function restarted on a suite's settings in ${((Date.now() - started) / 1000).toFixed(1)} s`);
        }
        res.writeHead(204).end();
      } catch (err) {
        res.writeHead(500, { 'content-type': 'text/plain' }).end(String(err));
      }
    });
  });
  await new Promise<void>((resolve) => control.listen(0, '127.0.0.1', resolve));
  project.provide(
    'emulatorFunctionEnvUrl',
    `http://127.0.0.1:${(control.address() as AddressInfo).port}/function-env`,
  );
  return async () => {
    await new Promise((resolve) => control.close(resolve));
    await suite.stop();
  };
}
