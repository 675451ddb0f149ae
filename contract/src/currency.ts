/**
 * Currencies, their minor units from ISO 4217 (./iso4217). Every amount is an integer in its
 * currency's minor units; a rate is an exact decimal string
 * (home units per one unit of the expense's currency), and a conversion rounds once, half to even.
 */
import { z } from 'zod';
import { isCurrencyCode, minorUnits } from './iso4217';
import { MAX_MINOR } from './money';

export const CHOOSE_CURRENCY = 'Choose a currency';

/** A three-letter ISO 4217 code, upper-cased. */
export const currencyCodeSchema = z
  .string({ error: CHOOSE_CURRENCY })
  .trim()
  .toUpperCase()
  .refine(isCurrencyCode, CHOOSE_CURRENCY);

const DECIMAL = /^(\d+)(?:\.(\d+))?$/;

/**
 * A non-negative decimal (number or numeric string) to integer minor units of `digits` decimals; null when it has
 * more decimals than that, is not such a number, or exceeds `max`. parseDollarsToCents is this at 2 digits.
 */
export function parseDecimalToMinor(value: unknown, digits: number, max = MAX_MINOR): number | null {
  let text: string;
  if (typeof value === 'number') {
    if (!Number.isFinite(value) || value < 0) return null;
    text = String(value);
  } else if (typeof value === 'string') text = value.trim();
  else return null;
  const match = DECIMAL.exec(text);
  if (!match || (match[2] ?? '').length > digits) return null;
  const minor = Number(match[1]) * 10 ** digits + Number((match[2] ?? '').padEnd(digits, '0') || '0');
  return Number.isSafeInteger(minor) && minor <= max ? minor : null;
}

/** A rate: a positive decimal, up to 9 whole digits and 12 decimals, kept as text so it is stored exactly. */
const RATE = /^(\d{1,9})(?:\.(\d{1,12}))?$/;

export const RATE_INVALID = 'A rate must be a positive number such as 0.0062 or 1.08';

/** Parses a rate to the exact fraction numerator / 10^scale; null when it is not a positive rate. */
export function parseRate(rate: string): { numerator: bigint; scale: number } | null {
  const match = RATE.exec(rate.trim());
  if (!match) return null;
  const fraction = match[2] ?? '';
  const numerator = BigInt(`${match[1]}${fraction}`);
  return numerator > 0n ? { numerator, scale: fraction.length } : null;
}

/** The rate in its canonical text: no trailing zeros of the fraction, no leading zeros of the whole ("1.50" → "1.5"). */
export function normalizeRate(rate: string): string | null {
  const parsed = parseRate(rate);
  if (!parsed) return null;
  return fractionText(parsed.numerator, 10n ** BigInt(parsed.scale), 12);
}

/** A rate in a body: a decimal string or a number, as canonical text. */
export const rateSchema = z
  .union([z.string(), z.number()], { error: RATE_INVALID })
  .transform((value, ctx) => {
    const text = typeof value === 'number' ? String(value) : value;
    const rate = normalizeRate(text);
    if (!rate) {
      ctx.addIssue({ code: 'custom', message: RATE_INVALID });
      return z.NEVER;
    }
    return rate;
  });

/** n / d rounded half to even, for d > 0 and n ≥ 0. */
function divideHalfEven(n: bigint, d: bigint): bigint {
  const q = n / d;
  const r = n % d;
  if (r * 2n > d || (r * 2n === d && q % 2n === 1n)) return q + 1n;
  return q;
}

/** n / d as decimal text with at most `decimals` decimals (half to even), trailing zeros dropped. */
function fractionText(n: bigint, d: bigint, decimals: number): string {
  const scaled = divideHalfEven(n * 10n ** BigInt(decimals), d);
  const whole = scaled / 10n ** BigInt(decimals);
  const fraction = (scaled % 10n ** BigInt(decimals)).toString().padStart(decimals, '0').replace(/0+$/, '');
  return fraction ? `${whole}.${fraction}` : `${whole}`;
}

/**
 * a / b of two rates, as a rate with `significant` significant digits (half to even): how a cross rate is made
 * from two rates against a common base (JPY→USD = USD per EUR / JPY per EUR). Null when either is not a rate.
 */
export function divideRates(a: string, b: string, significant = 10): string | null {
  const x = parseRate(a);
  const y = parseRate(b);
  if (!x || !y) return null;
  // a / b = (x.n / 10^x.s) / (y.n / 10^y.s) = (x.n · 10^y.s) / (y.n · 10^x.s)
  const n = x.numerator * 10n ** BigInt(y.scale);
  const d = y.numerator * 10n ** BigInt(x.scale);
  const wholeDigits = (n / d).toString().length;
  const decimals = n >= d ? Math.max(0, significant - wholeDigits) : significant + leadingZeros(n, d);
  const text = fractionText(n, d, Math.min(decimals, 12));
  return parseRate(text) ? text : null;
}

/** How many zeros follow the decimal point of n / d < 1 before its first significant digit. */
function leadingZeros(n: bigint, d: bigint): number {
  let zeros = 0;
  let value = n * 10n;
  while (value < d && zeros < 12) {
    zeros += 1;
    value *= 10n;
  }
  return zeros;
}

/**
 * `amountMinor` of `from` in minor units of `to` at `rate` (units of `to` per unit of `from`), rounded once, half
 * to even: amount · rate · 10^(to digits − from digits). The same currency at rate 1 is the identity.
 */
export function convertMinor(amountMinor: number, rate: string, from: string, to: string): number {
  const parsed = parseRate(rate);
  if (!parsed) throw new RangeError(`Not a rate: ${rate}`);
  const up = BigInt(minorUnits(to));
  const down = BigInt(minorUnits(from));
  const n = BigInt(amountMinor) * parsed.numerator * 10n ** up;
  const d = 10n ** BigInt(parsed.scale) * 10n ** down;
  return Number(divideHalfEven(n, d));
}

/**
 * A total and its parts (shares, payers' amounts) in `from`, converted to `to`: the total rounds once (half to
 * even); each part is the difference of the converted running sums, so the parts never go below zero when the
 * originals do not, and any remainder between the converted parts and the converted total lands on the last part
 * (the spec's rule). The parts always add up to the converted total exactly.
 */
export function convertParts(
  totalMinor: number,
  partsMinor: readonly number[],
  rate: string,
  from: string,
  to: string,
): { total: number; parts: number[] } {
  const total = convertMinor(totalMinor, rate, from, to);
  let running = 0;
  let convertedRunning = 0;
  const parts = partsMinor.map((part) => {
    running += part;
    const next = convertMinor(running, rate, from, to);
    const converted = next - convertedRunning;
    convertedRunning = next;
    return converted;
  });
  if (parts.length > 0) parts[parts.length - 1] = (parts.at(-1) as number) + total - convertedRunning;
  return { total, parts };
}
