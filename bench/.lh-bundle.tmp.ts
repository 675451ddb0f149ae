import { launchBrowser } from '../e2e/support/browser';
import { startBuiltServer } from './api';
import { seedSmallTrip, signedInRoutes } from './first-visit';
import { runBundleBench } from './bundle';
const server = await startBuiltServer('wayfare-lh-bundle-', { RATE_LIMIT_AUTH_PER_IP: '100000' });
const browser = await launchBrowser();
const { token, tripId } = await seedSmallTrip(server.baseUrl);
for (const f of await runBundleBench(browser, server.baseUrl, token, { home: '/', ...signedInRoutes(tripId) })) console.log(f.name, f.value);
await browser.close(); await server.stop();
