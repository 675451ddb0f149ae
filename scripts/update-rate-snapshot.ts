/**
 * Rewrites functions/src/rates/ecb-snapshot.json, the ECB reference rates bundled for offline use, from the latest
 * rates Frankfurter serves (the ECB's daily figures): `node --import tsx scripts/update-rate-snapshot.ts`.
 */
import { writeFile } from 'node:fs/promises';

const base = process.env.RATES_BASE_URL ?? 'https://api.frankfurter.app';
const response = await fetch(new URL('/latest?from=EUR', base));
if (!response.ok) throw new Error(`The rate service answered ${response.status}`);
const { date, rates } = (await response.json()) as { date: string; rates: Record<string, number> };
const snapshot = {
  source: 'European Central Bank euro foreign exchange reference rates',
  date,
  note: `Fetched from ${base} by scripts/update-rate-snapshot.ts.`,
  base: 'EUR',
  rates: Object.fromEntries(
    Object.entries(rates)
      .sort(([a], [b]) => a.localeCompare(b))
      .map(([code, rate]) => [code, String(rate)]),
  ),
};
await writeFile(
  new URL('../functions/src/rates/ecb-snapshot.json', import.meta.url),
  `${JSON.stringify(snapshot, null, 2)}\n`,
);
console.log(`Snapshot of ${date}: ${Object.keys(rates).length} currencies`);
