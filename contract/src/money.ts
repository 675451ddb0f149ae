/**
 * Money in integer minor units (ARCHITECTURE.md "Money"). Amounts are parsed to minor units once, at the edge; every
 * split and sum after that is integer arithmetic, so shares always add up to the amount exactly. Back out of minor
 * units only through the formatters below (formatMoney, minorToDecimalText, minorToMajor).
 */

import { DEFAULT_HOME_CURRENCY, minorUnits } from './iso4217';

/** The largest amount the product accepts: ten million dollars, far inside the safe-integer range even summed. */
export const MAX_MINOR = 1_000_000_000;

const DOLLARS = /^(\d+)(?:\.(\d{1,2}))?$/;

/**
 * Dollars (a number or a numeric string, at most 2 decimals, not negative) to integer cents; null when the value
 * is not such an amount. Numbers go through their shortest decimal text, so 0.1 + 0.2 is rejected (3 decimals)
 * rather than silently rounded.
 */
export function parseDollarsToCents(value: unknown): number | null {
  let text: string;
  if (typeof value === 'number') {
    if (!Number.isFinite(value) || value < 0) return null;
    text = String(value);
  } else if (typeof value === 'string') {
    text = value.trim();
  } else return null;
  const match = DOLLARS.exec(text);
  if (!match) return null;
  const cents = Number(match[1]) * 100 + Number((match[2] ?? '').padEnd(2, '0'));
  return Number.isSafeInteger(cents) && cents <= MAX_MINOR ? cents : null;
}

/**
 * Minor units as the hundredths of a number (12.5 for 1250): the inverse of parseDollarsToCents, for the dollar
 * field of a mark-paid body. An answer's major-unit fields come from minorToMajor, display from formatMoney.
 */
export const centsToDollars = (minor: number) => minor / 100;

/*
 * The one family that turns minor units into something else: formatMoney to show them, minorToDecimalText for the
 * exact text a file or a form field holds, minorToMajor for the major-unit number an answer carries.
 */

const moneyFormats = new Map<string, Intl.NumberFormat>();

/**
 * Minor units shown in a person's locale and currency, with the currency's ISO 4217 decimals: "$1,234.50" in
 * en-US, "1.234,50 $" in de-DE, "¥1,500" for 1500 yen.
 */
export function formatMoney(minor: number, locale: string, currency = DEFAULT_HOME_CURRENCY): string {
  const key = `${locale}|${currency}`;
  const digits = minorUnits(currency);
  let format = moneyFormats.get(key);
  if (!format) {
    format = new Intl.NumberFormat(locale, {
      style: 'currency',
      currency,
      minimumFractionDigits: digits,
      maximumFractionDigits: digits,
    });
    moneyFormats.set(key, format);
  }
  return format.format(minor / 10 ** digits);
}

/** Minor units back to exact dot-decimal text: 1538 at 2 digits is "15.38", 1500 at 0 is "1500", 5 at 3 "0.005". */
export function minorToDecimalText(minor: number, digits: number): string {
  const sign = minor < 0 ? '-' : '';
  const abs = Math.abs(minor);
  if (digits === 0) return `${sign}${abs}`;
  const scale = 10 ** digits;
  return `${sign}${Math.trunc(abs / scale)}.${String(abs % scale).padStart(digits, '0')}`;
}

/** Minor units to the currency's major-unit number (15.38 for 1538 cents, 1500 for 1500 yen). */
export const minorToMajor = (minor: number, currency: string) => minor / 10 ** minorUnits(currency);

const sum = (values: readonly number[]) => values.reduce((total, value) => total + value, 0);

/** Equal shares in cents; the remainder of the division lands on the last person. Empty for no people. */
export function splitEqual(totalMinor: number, people: number): number[] {
  if (people <= 0) return [];
  const base = Math.floor(totalMinor / people);
  const shares = Array.from({ length: people }, () => base);
  shares[people - 1] = totalMinor - base * (people - 1);
  return shares;
}

/**
 * Custom shares in cents; any mismatch with the total is adjusted onto the last person. Null when there is no
 * one to split between or the adjustment would leave the last person a negative share.
 */
export function splitCustom(totalMinor: number, amountsMinor: readonly number[]): number[] | null {
  if (amountsMinor.length === 0 || amountsMinor.some((a) => !Number.isInteger(a) || a < 0)) return null;
  const shares = [...amountsMinor];
  const last = shares.length - 1;
  shares[last] = (shares[last] as number) + totalMinor - sum(shares);
  return (shares[last] as number) < 0 ? null : shares;
}

/**
 * Percentages normalised to their own total (so 1/1/1 means thirds); every share but the last is rounded down and
 * the rounding residue lands on the last person, which keeps every share at least 0. Null when the percentages
 * have no positive total.
 */
export function splitPercent(totalMinor: number, percents: readonly number[]): number[] | null {
  const weight = sum(percents);
  if (percents.length === 0 || percents.some((p) => !Number.isFinite(p) || p < 0) || !(weight > 0))
    return null;
  const shares = percents.map((p) => Math.floor((totalMinor * p) / weight));
  shares[shares.length - 1] = totalMinor - sum(shares.slice(0, -1));
  return shares;
}

/**
 * Whole shares (a family of four holding 4, a single traveller 1): the total divided in proportion, every share but
 * the last rounded down and the remainder on the last person, as splitEqual does (equal shares split exactly as it
 * does). Null when a share is not a whole number at least 0, or none is positive. Exact while total times a share
 * stays a safe integer (MAX_MINOR times any weight the product allows does).
 */
export function splitByShares(totalMinor: number, shares: readonly number[]): number[] | null {
  const whole = sum(shares);
  if (shares.some((s) => !Number.isSafeInteger(s) || s < 0) || !(whole > 0)) return null;
  const parts = shares.map((s) => Math.floor((totalMinor * s) / whole));
  parts[parts.length - 1] = totalMinor - sum(parts.slice(0, -1));
  return parts;
}

/** The spec's tolerance: a split within 1 cent of the total can be completed onto the last person. */
export const SPLIT_TOLERANCE_MINOR = 1;

export const sumMinor = sum;
