import { LRUCache } from 'lru-cache';
import { z } from 'zod';
import { divideRates, normalizeRate, type RateAnswer } from '@wayfare/contract';
import snapshot from './ecb-snapshot.json' with { type: 'json' };

/** Reference rates against the euro on one date: units of each currency per euro, as exact decimal text. */
export interface EuroRates {
  date: string;
  rates: ReadonlyMap<string, string>;
}

/**
 * Frankfurter's answer to GET /{date}?from=EUR: `{ amount: 1, base: "EUR", date, rates: { USD: 1.0389, … } }`,
 * where `date` is the last working day on or before the asked one (the ECB publishes no rates on weekends).
 */
const frankfurterSchema = z.object({
  base: z.literal('EUR'),
  date: z.iso.date(),
  rates: z.record(z.string().regex(/^[A-Z]{3}$/), z.number().positive()),
});

const euroRatesOf = (date: string, rates: Record<string, string | number>): EuroRates => {
  const map = new Map<string, string>([['EUR', '1']]);
  for (const [code, value] of Object.entries(rates)) {
    const rate = normalizeRate(String(value));
    if (rate) map.set(code, rate);
  }
  return { date, rates: map };
};

/** The ECB rates bundled with the product (ecb-snapshot.json, marked with its date): the answer when offline. */
export const SNAPSHOT: EuroRates = euroRatesOf(snapshot.date, snapshot.rates);

/** A failed fetch is not retried for this long: offline, every rate comes from the snapshot without a wait. */
const RETRY_AFTER_MS = 60_000;

export interface RateProvider {
  /** Units of `to` per unit of `from` on `date`; null when neither the service nor the snapshot knows a currency. */
  rate(from: string, to: string, date: string): Promise<RateAnswer | null>;
}

/**
 * Rates from the ECB's reference rates: fetched per date from Frankfurter (`baseUrl`, at most `timeoutMs`), kept
 * per date on the server (bounded), else the bundled snapshot. A cross rate (JPY→USD) is USD per euro over JPY
 * per euro, to ten significant digits.
 */
export function createRateProvider({
  baseUrl,
  timeoutMs,
  log,
}: {
  baseUrl: string;
  timeoutMs: number;
  log?: (message: string) => void;
}): RateProvider {
  const byDate = new LRUCache<string, EuroRates>({ max: 400 });
  const inFlight = new Map<string, Promise<EuroRates | null>>();
  let downUntil = 0;

  async function fetchRates(date: string): Promise<EuroRates | null> {
    if (Date.now() < downUntil) return null;
    try {
      const url = new URL(`/${date}`, baseUrl);
      url.search = new URLSearchParams({ from: 'EUR' }).toString();
      const response = await fetch(url, { signal: AbortSignal.timeout(timeoutMs) });
      // A date the service has no rates for (before 1999) is not an outage: the snapshot answers this once.
      if (response.status >= 400 && response.status < 500) return null;
      if (!response.ok) throw new Error(`the rate service answered ${response.status}`);
      const answer = frankfurterSchema.parse(await response.json());
      return euroRatesOf(answer.date, answer.rates);
    } catch (err) {
      downUntil = Date.now() + RETRY_AFTER_MS;
      log?.(`Exchange rates unavailable, using the bundled snapshot: ${(err as Error).message}`);
      return null;
    }
  }

  /** The day's rates, fetched once per date however many callers ask at once. */
  async function ratesOn(date: string): Promise<EuroRates | null> {
    const cached = byDate.get(date);
    if (cached) return cached;
    let flight = inFlight.get(date);
    if (!flight) {
      flight = fetchRates(date).finally(() => inFlight.delete(date));
      inFlight.set(date, flight);
    }
    const rates = await flight;
    if (rates) byDate.set(date, rates);
    return rates;
  }

  return {
    async rate(from, to, date) {
      if (from === to) return { from, to, rate: '1', source: 'home', rate_date: date };
      const fetched = await ratesOn(date);
      const live = fetched && cross(fetched, from, to);
      if (fetched && live) return { from, to, rate: live, source: 'ecb', rate_date: fetched.date };
      return bundledRates.rate(from, to, date);
    },
  };
}

const cross = (rates: EuroRates, from: string, to: string) => {
  const perEuroFrom = rates.rates.get(from);
  const perEuroTo = rates.rates.get(to);
  return perEuroFrom && perEuroTo ? divideRates(perEuroTo, perEuroFrom) : null;
};

/** The bundled snapshot alone: what a service without a configured rate source converts at. */
export const bundledRates: RateProvider = {
  async rate(from, to, date) {
    if (from === to) return { from, to, rate: '1', source: 'home', rate_date: date };
    const bundled = cross(SNAPSHOT, from, to);
    return bundled ? { from, to, rate: bundled, source: 'snapshot', rate_date: SNAPSHOT.date } : null;
  },
};
