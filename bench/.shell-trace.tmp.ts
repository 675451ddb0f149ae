import path from 'node:path';
import { launchBrowser } from '../e2e/support/browser';
import { startBuiltServer } from './api';
import { seedSmallTrip } from './first-visit';

interface Ev { name: string; cat: string; ph: string; ts: number; dur?: number; pid: number; tid: number; args?: any }
const server = await startBuiltServer('wayfare-shell-trace-', {
  RATE_LIMIT_AUTH_PER_IP: '100000',
  WAYFARE_WEB_DIST: process.env.DIST ?? path.resolve('web/dist'),
});
const browser = await launchBrowser();
try {
  const { token } = await seedSmallTrip(server.baseUrl);
  const context = await browser.newContext({ baseURL: server.baseUrl, viewport: { width: 412, height: 823 }, serviceWorkers: 'block' });
  await context.addInitScript((t) => localStorage.setItem('token', t), token);
  const page = await context.newPage();
  await browser.startTracing(page, { categories: ['devtools.timeline', 'disabled-by-default-devtools.timeline', 'blink.user_timing', 'v8.execute', 'loading', 'blink', 'v8', '__metadata'] });
  await page.goto(process.env.ROUTE ?? '/trips', { waitUntil: 'load' });
  await page.waitForLoadState('networkidle');
  const { traceEvents } = JSON.parse((await browser.stopTracing()).toString()) as { traceEvents: Ev[] };
  const nav = traceEvents.find((e) => e.name === 'navigationStart' && e.args?.data?.isLoadingMainFrame);
  const t0 = nav!.ts;
  const main = traceEvents.find((e) => e.name === 'ParseHTML' && e.pid === nav!.pid)!;
  const tasks = traceEvents.filter((e) => e.pid === main.pid && e.tid === main.tid && e.name === 'RunTask' && e.ph === 'X' && (e.dur ?? 0) > 3000 && e.ts > t0);
  for (const t of tasks.slice(0, 30)) {
    const kids = traceEvents.filter((e) => e.pid === t.pid && e.tid === t.tid && e.ts >= t.ts && e.ts + (e.dur ?? 0) <= t.ts + t.dur! && e !== t && (e.dur ?? 0) > 1000);
    const names = kids.map((k) => `${k.name}${k.args?.data?.url ? '(' + String(k.args.data.url).split('/').pop() + ')' : ''}${k.args?.fileName ? '(' + String(k.args.fileName).split('/').pop() + ')' : ''}:${Math.round(k.dur! / 1000)}`);
    console.log(Math.round((t.ts - t0) / 1000), Math.round(t.dur! / 1000), names.slice(0, 8).join(' '));
  }
  for (const e of traceEvents.filter((e) => ['firstContentfulPaint', 'largestContentfulPaint::Candidate', 'firstPaint'].includes(e.name)))
    console.log(e.name, Math.round((e.ts - t0) / 1000));
  await context.close();
} finally {
  await browser.close();
  await server.stop();
}
