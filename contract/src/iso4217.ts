/**
 * ISO 4217 currencies and their minor units, from the `currency-codes` package (the ISO list one, its publication
 * date in ISO_4217_PUBLISHED), never a hard-coded 2: JPY has 0 decimals, BHD, KWD and TND 3, most 2.
 */
import { data as iso4217, publishDate } from 'currency-codes';

export const ISO_4217_PUBLISHED = publishDate;

/**
 * ISO 4217 codes that are not money a traveller pays with: precious metals, IMF and bond-market units, testing
 * and "no currency", and the funds codes (BOV, CHE, CHW, CLF, COU, MXV, USN, UYI, UYW) kept beside real currencies.
 */
const NOT_SPENDABLE = new Set([
  'BOV',
  'CHE',
  'CHW',
  'CLF',
  'COU',
  'MXV',
  'USN',
  'UYI',
  'UYW',
  'XAG',
  'XAU',
  'XBA',
  'XBB',
  'XBC',
  'XBD',
  'XDR',
  'XPD',
  'XPT',
  'XSU',
  'XTS',
  'XUA',
  'XXX',
]);

export interface CurrencyInfo {
  code: string;
  name: string;
  /** Decimals of the minor unit: 0 for JPY, 2 for EUR, 3 for KWD. */
  minor_units: number;
}

/** Every spendable ISO 4217 currency, by code. */
export const CURRENCIES: readonly CurrencyInfo[] = iso4217
  .filter((c) => !NOT_SPENDABLE.has(c.code))
  .map((c) => ({ code: c.code, name: c.currency, minor_units: c.digits }))
  .sort((a, b) => a.code.localeCompare(b.code));

const byCode = new Map(CURRENCIES.map((c) => [c.code, c]));

export const DEFAULT_HOME_CURRENCY = 'USD';

/** Offered first after the trip's home currency in the forms' currency list. */
export const COMMON_TRAVEL_CURRENCIES = [
  'USD',
  'EUR',
  'GBP',
  'JPY',
  'CHF',
  'CAD',
  'AUD',
  'MXN',
  'THB',
  'CNY',
  'KRW',
  'SEK',
  'NOK',
  'DKK',
  'CZK',
  'HUF',
  'PLN',
  'TRY',
  'INR',
  'SGD',
  'HKD',
  'NZD',
  'BRL',
  'ZAR',
] as const;

export const isCurrencyCode = (code: string) => byCode.has(code);

/** The currency's minor-unit decimals; throws for a code that is not a spendable ISO 4217 currency. */
export function minorUnits(code: string): number {
  const info = byCode.get(code);
  if (!info) throw new RangeError(`Unknown currency ${code}`);
  return info.minor_units;
}
