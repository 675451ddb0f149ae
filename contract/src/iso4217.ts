/**
 * ISO 4217 currencies and their minor units, from the `currency-codes` package (the ISO list one, its publication
 * date in ISO_4217_PUBLISHED) through the table scripts/generate-minor-units.ts writes from it, never a hard-coded
 * 2: JPY has 0 decimals, BHD, KWD and TND 3, most 2. Their names, for the pickers, are in ./currency-list.
 */
import { ISO_4217_MINOR_UNITS, ISO_4217_PUBLISHED } from './iso4217-minor-units';

export { ISO_4217_PUBLISHED };

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

/** Whether `code` is a spendable ISO 4217 currency. */
export const isCurrencyCode = (code: string) =>
  Object.hasOwn(ISO_4217_MINOR_UNITS, code) && !NOT_SPENDABLE.has(code);

/** The currency's minor-unit decimals; throws for a code that is not a spendable ISO 4217 currency. */
export function minorUnits(code: string): number {
  const digits = ISO_4217_MINOR_UNITS[code];
  if (digits === undefined || NOT_SPENDABLE.has(code)) throw new RangeError(`Unknown currency ${code}`);
  return digits;
}
