// `node --import tsx bench/lighthouse-run.ts` (after `npm run build`): bench/lighthouse.ts alone, on a small seeded trip
// (bench/first-visit.ts's), without the rest of `npm run bench`. LIGHTHOUSE_RUNS sets the runs per route and visit;
// LIGHTHOUSE_WEB_DIST serves another build of the web app.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { freePort } from './api';
import { seedSmallTrip, signedInRoutes } from './first-visit';
import { runLighthouseBench } from './lighthouse';
import { startProcess } from './support';

const ROOT = path.resolve(import.meta.dirname, '..');

async function main() {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'wayfare-lighthouse-run-'));
  const port = await freePort();
  const baseUrl = `http://127.0.0.1:${port}`;
  const server = await startProcess(
    [path.join(ROOT, 'functions/lib/server.js')],
    {
      PORT: String(port),
      WAYFARE_DATA_DIR: dataDir,
      LOG_LEVEL: 'silent',
      RATE_LIMIT_AUTH_PER_IP: '100000',
      // LIGHTHOUSE_WEB_DIST: another build of the web app, for an A/B served by the same server.
      WAYFARE_WEB_DIST: process.env.LIGHTHOUSE_WEB_DIST ?? path.join(ROOT, 'web/dist'),
    },
    async () => (await fetch(`${baseUrl}/api/health`)).ok,
  );
  try {
    const { token, tripId } = await seedSmallTrip(baseUrl);
    for (const { name, value } of await runLighthouseBench(baseUrl, token, signedInRoutes(tripId))) {
      console.log(`${name}: ${value}`);
    }
  } finally {
    await server.stop();
    fs.rmSync(dataDir, { recursive: true, force: true });
  }
}

main().catch((err) => {
  console.error(err);
  process.exit(1);
});
