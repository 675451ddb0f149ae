// `node --import tsx bench/lighthouse-run.ts` (after `npm run build`): bench/lighthouse.ts alone, on a small seeded trip
// (bench/first-visit.ts's), without the rest of `npm run bench`. LIGHTHOUSE_RUNS sets the runs per route and visit;
// LIGHTHOUSE_WEB_DIST serves another build of the web app.
import path from 'node:path';
import { startBuiltServer } from './api';
import { seedSmallTrip, signedInRoutes } from './first-visit';
import { runLighthouseBench } from './lighthouse';

const ROOT = path.resolve(import.meta.dirname, '..');

async function main() {
  // LIGHTHOUSE_WEB_DIST: another build of the web app, for an A/B served by the same server.
  const server = await startBuiltServer('wayfare-lighthouse-run-', {
    RATE_LIMIT_AUTH_PER_IP: '100000',
    WAYFARE_WEB_DIST: process.env.LIGHTHOUSE_WEB_DIST ?? path.join(ROOT, 'web/dist'),
  });
  const { baseUrl } = server;
  try {
    const { token, tripId } = await seedSmallTrip(baseUrl);
    for (const { name, value } of await runLighthouseBench(baseUrl, token, signedInRoutes(tripId))) {
      console.log(`${name}: ${value}`);
    }
  } finally {
    await server.stop();
  }
}

main().catch((err) => {
  console.error(err);
  process.exit(1);
});
