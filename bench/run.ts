// npm run bench: figures, not pass/fail. Bounded in time, loopback only, and it stops what it starts.
import { execFileSync } from 'node:child_process';
import path from 'node:path';
import { runApiBench } from './api';
import { runBundleBench } from './bundle';
import { runClsBench } from './cls';
import { runGuideBench } from './guide';
import { runLighthouseBench } from './lighthouse';
import { runLiveBench } from './live';
import { runFirebaseLiveBench } from './firebase-live';
import { runSplitBench } from './split';
import { runReceiptScanBench } from './receipt-scan';
import { runSettleApiBench } from './settle-api';
import { runColdStartBench } from './cold-start';
import type { Figure } from './support';
import { launchBrowser } from '../e2e/support/browser';

const ROOT = path.resolve(import.meta.dirname, '..');
const LOAD_SECONDS = Number(process.env.BENCH_SECONDS ?? 10);

function print(title: string, figures: Figure[]) {
  const width = Math.max(...figures.map((f) => f.name.length));
  console.log(`\n${title}`);
  for (const { name, value } of figures) console.log(`  ${name.padEnd(width)}  ${value}`);
}

async function main() {
  const started = performance.now();
  console.log('Building the app (web + functions)...');
  execFileSync('npm', ['run', 'build', '--silent'], { cwd: ROOT, stdio: 'inherit' });

  print('Settlement', await runSplitBench());
  print('Settlement through the API (embedded backend, seeded SQLite)', await runSettleApiBench());
  print('AI guide and parsing', await runGuideBench());
  print('Receipt scan on this device (tesseract.js)', await runReceiptScanBench());
  print('Cloud Function cold start (firebase mode)', await runColdStartBench());

  const api = await runApiBench(LOAD_SECONDS);
  try {
    print('API on the embedded backend (autocannon, 10 connections, loopback)', api.figures);
    const browser = await launchBrowser();
    try {
      const { tripId } = api.seeded;
      const routes = {
        home: '/',
        login: '/login',
        signup: '/signup',
        'my trips': '/trips',
        'trip details': `/trips/${tripId}`,
        'edit trip': `/trips/${tripId}/edit`,
        'trip split': `/trips/${tripId}/split`,
        'split overview': '/trip-split',
        'not found': '/nowhere',
      };
      const owner = api.seeded.tokens[0] as string;
      print('Web: what each page loads', await runBundleBench(browser, api.seeded.baseUrl, owner, routes));
      print('Web: layout shift (CLS)', await runClsBench(browser, api.seeded.baseUrl, owner, routes));
      print('Live updates', await runLiveBench(browser, api.seeded));
      // Beside it: the same on Hosting with the official Firestore emulator (its web build is the emulators mode's).
      execFileSync('npm', ['run', 'build:emulators', '-w', 'web', '--silent'], {
        cwd: ROOT,
        stdio: 'inherit',
      });
      print(
        'Live updates, firebase mode (Hosting + official Firestore emulator)',
        await runFirebaseLiveBench(browser),
      );
      const signedIn = {
        'my trips': routes['my trips'],
        'trip details': routes['trip details'],
        'trip split': routes['trip split'],
        'split overview': routes['split overview'],
      };
      print(
        'Web: Lighthouse 13 (Node 22 from the registry)',
        await runLighthouseBench(api.seeded.baseUrl, owner, signedIn),
      );
    } finally {
      await browser.close();
    }
  } finally {
    await api.stop();
  }
  console.log(`\nDone in ${((performance.now() - started) / 1000).toFixed(0)} s.`);
}

main().catch((err) => {
  console.error(err);
  process.exit(1);
});
