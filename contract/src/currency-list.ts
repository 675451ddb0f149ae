/**
 * The currency pickers' list, with each currency's name from the `currency-codes` package. That table (names,
 * numbers, countries) is 6 kB gzip, so only the pickers load this module; amounts and schemas need only ./iso4217.
 */
import { data as iso4217 } from 'currency-codes';
import { COMMON_TRAVEL_CURRENCIES, isCurrencyCode } from './iso4217';
import { compareCodeUnits } from './order';

export interface CurrencyInfo {
  code: string;
  name: string;
  /** Decimals of the minor unit: 0 for JPY, 2 for EUR, 3 for KWD. */
  minor_units: number;
}

/** Every spendable ISO 4217 currency, by code. */
export const CURRENCIES: readonly CurrencyInfo[] = iso4217
  .filter((c) => isCurrencyCode(c.code))
  .map((c) => ({ code: c.code, name: c.currency, minor_units: c.digits }))
  .sort((a, b) => compareCodeUnits(a.code, b.code));

/** Currencies in a form's order: the home currency first, then the common travel ones, then all the rest by code. */
export function currencyChoices(home: string): CurrencyInfo[] {
  const first = [home, ...COMMON_TRAVEL_CURRENCIES.filter((c) => c !== home)];
  const lead = first
    .map((code) => CURRENCIES.find((c) => c.code === code))
    .filter((c): c is CurrencyInfo => Boolean(c));
  return [...lead, ...CURRENCIES.filter((c) => !first.includes(c.code))];
}
