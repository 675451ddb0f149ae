import fs from 'node:fs';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import path from 'node:path';
import type { TestProject } from 'vitest/node';
import { EMULATOR_FUNCTION_ENV, planEmulatorSuite, type EmulatorSuite } from './emulator-suite';

const ROOT = path.resolve(import.meta.dirname, '../..');

const sameEnv = (a: Record<string, string>, b: Record<string, string>) =>
  JSON.stringify(Object.entries(a).sort()) === JSON.stringify(Object.entries(b).sort());

/** How long one ready request waits before it answers "not yet" (202): the client asks again. */
const READY_POLL_MS = 30_000;

/**
 * Vitest global setup of the `emulators` project: the product in the emulator suite, once for all its suites. The
 * ports are chosen here and the suite starts in the background, so it comes up while the projects before this one
 * run; the project's setup file (emulators.setup.ts) waits for it before a suite loads. A suite whose function needs
 * other settings (a stand-in's address, a Gemini key) asks for them over a local HTTP endpoint; the function is
 * reloaded on them (a fresh instance), and on EMULATOR_FUNCTION_ENV again for the next suite that asks for that.
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
  const plan = await planEmulatorSuite({ functionEnv: current, ports: 'free', quiet: true, log });
  project.provide('emulatorClientEnv', plan.clientEnv);
  const startedAt = Date.now();
  const starting: Promise<EmulatorSuite> = plan.start();
  starting.then(
    () =>
      log(
        `started in ${seconds(startedAt)}; API suites run through Hosting's /api rewrite at ${plan.hostingUrl}`,
      ),
    (err: unknown) => log(`did not start: ${String(err)}`),
  );
  const started = () =>
    // The timer is unref'd: a wait still under way must not keep the run's process alive once the tests end.
    Promise.race([starting, new Promise<null>((r) => setTimeout(() => r(null), READY_POLL_MS).unref())]);

  // Suites run one at a time (fileParallelism: false): one request at a time, each answered once the function runs.
  const control = http.createServer((req, res) => {
    let raw = '';
    req.on('data', (chunk: Buffer) => (raw += chunk.toString()));
    req.on('end', async () => {
      try {
        if (req.url === '/ready') {
          res.writeHead((await started()) ? 204 : 202).end();
          return;
        }
        const suite = await starting;
        const wanted = JSON.parse(raw) as Record<string, string>;
        if (!sameEnv(wanted, current)) {
          const switchedAt = Date.now();
          const how = await suite.switchFunctionEnv(wanted);
          current = wanted;
          log(`function ${how} on a suite's settings in ${seconds(switchedAt)}`);
        }
        res.writeHead(204).end();
      } catch (err) {
        res.writeHead(500, { 'content-type': 'text/plain' }).end(String(err));
      }
    });
  });
  await new Promise<void>((resolve) => control.listen(0, '127.0.0.1', resolve));
  const controlUrl = `http://127.0.0.1:${(control.address() as AddressInfo).port}`;
  project.provide('emulatorFunctionEnvUrl', `${controlUrl}/function-env`);
  project.provide('emulatorReadyUrl', `${controlUrl}/ready`);
  return async () => {
    control.closeAllConnections();
    await new Promise((resolve) => control.close(resolve));
    const suite = await starting.catch(() => null);
    await suite?.stop();
  };
}

const seconds = (since: number) => `${((Date.now() - since) / 1000).toFixed(1)} s`;
