/**
 * Expenses in another currency than the trip's. The service converts an entry once, before the
 * store: the amount at the rate (rounded once, half to even: convertMinor), and every amount of its split through
 * convertParts, so they still add up to the converted amount exactly (any remainder on the last person). From
 * there on everything (the stored amount, shares, totals, balances, settlements) is in the home currency's minor
 * units, exactly as for an expense in the home currency; the original amount and the rate are kept beside it.
 */
import {
  MAX_MINOR,
  RATE_UNAVAILABLE,
  SHARES_EXCEED_AMOUNT,
  SPLIT_TOLERANCE_MINOR,
  convertMinor,
  convertParts,
  minorToMajor,
  minorUnits,
  sumMinor,
  type EntrySplit,
  type Expense,
  type ExpenseEntry,
  type PersonAmount,
} from '@wayfare/contract';
import { HttpError } from '../http/errors';
import type { RateProvider } from '../rates/provider';
import type { ExpenseOriginal, ExpenseRecord } from '../store/types';

export const SHARES_MUST_ADD_UP = 'The shares must add up to the amount exactly';

/**
 * The original of an expense as the entry decides it: none in the home currency; otherwise the member's rate
 * ('member'), the stored rate when the currency and date are unchanged, or the reference rate of the date.
 */
export async function originalOf(
  rates: RateProvider,
  home: string,
  entry: ExpenseEntry,
  stored?: ExpenseRecord,
): Promise<ExpenseOriginal | undefined> {
  const currency = entry.currency ?? home;
  if (currency === home) {
    if (entry.rate !== undefined && entry.rate !== '1') {
      throw new HttpError(422, `An amount in the trip's currency (${home}) has rate 1`);
    }
    // Without a currency the amounts were read as dollars and cents: only right for a two-decimal home currency.
    if (entry.currency === undefined && minorUnits(home) !== 2) {
      throw new HttpError(422, `Send the currency of the amount (this trip's is ${home})`);
    }
    return undefined;
  }
  const rated = (rate: string, rate_source: ExpenseOriginal['rate_source'], rate_date: string) => ({
    currency,
    amount_minor: entry.amount_minor,
    rate,
    rate_source,
    rate_date,
  });
  if (entry.rate !== undefined) return rated(entry.rate, 'member', entry.expense_date);
  const kept = stored?.original;
  if (kept && kept.currency === currency && stored.expense_date === entry.expense_date) {
    return rated(kept.rate, kept.rate_source, kept.rate_date);
  }
  const answer = await rates.rate(currency, home, entry.expense_date);
  if (!answer || answer.source === 'home') throw new HttpError(422, RATE_UNAVAILABLE);
  return rated(answer.rate, answer.source, answer.rate_date);
}

type Convert = (parts: number[]) => number[];
const withAmounts = (people: readonly PersonAmount[], minor: number[]) =>
  people.map((p, i): PersonAmount => ({ user_id: p.user_id, amount_minor: minor[i] as number }));

/**
 * The entry's split with its amounts in the home currency. The rules the split is decided by (custom amounts within
 * a minor unit of the total, exact shares adding up exactly, owed amounts not exceeding the total) are checked on the
 * original amounts first, so a conversion can neither hide nor cause a mismatch. Shares sent beside a split are
 * left out: they were checked against it in the original currency by the caller.
 */
function splitInHome({ split, amount_minor }: ExpenseEntry, convert: Convert): EntrySplit {
  const amounts = (people: readonly PersonAmount[]) => people.map((p) => p.amount_minor);
  switch (split.method) {
    case 'custom':
    case 'itemized': {
      if (Math.abs(sumMinor(amounts(split.people)) - amount_minor) > SPLIT_TOLERANCE_MINOR) {
        throw new HttpError(422, SHARES_MUST_ADD_UP);
      }
      const { sent_shares: _sent, ...kept } = split;
      return { ...kept, people: withAmounts(split.people, convert(amounts(split.people))) };
    }
    case 'exact':
      if (sumMinor(amounts(split.people)) !== amount_minor) throw new HttpError(422, SHARES_MUST_ADD_UP);
      return { method: 'exact', people: withAmounts(split.people, convert(amounts(split.people))) };
    case 'by_type': {
      // The payer bears the rest: converted as the last part, so the others' converted amounts leave it exact.
      const rest = amount_minor - sumMinor(amounts(split.people));
      if (rest < 0) throw new HttpError(422, SHARES_EXCEED_AMOUNT);
      return {
        method: 'by_type',
        people: withAmounts(split.people, convert([...amounts(split.people), rest])),
      };
    }
    default: {
      const { sent_shares: _sent, ...kept } = split;
      return kept;
    }
  }
}

/** The entry with every amount in the home currency (the split's rules checked first: splitInHome). */
export function inHomeCurrency(entry: ExpenseEntry, original: ExpenseOriginal, home: string): ExpenseEntry {
  const convert: Convert = (parts) =>
    convertParts(entry.amount_minor, parts, original.rate, original.currency, home).parts;
  const total = convertMinor(entry.amount_minor, original.rate, original.currency, home);
  if (total <= 0) {
    throw new HttpError(422, `At this rate the amount is less than the smallest unit of ${home}`);
  }
  if (total > MAX_MINOR) throw new HttpError(422, 'At this rate the amount is too large');
  // What each payer paid adds up to the amount exactly (the body's schema), so its converted parts add up too.
  const paid = convert(entry.payers.map((p) => p.paid_minor));
  return {
    ...entry,
    amount_minor: total,
    payers: entry.payers.map((p, i) => ({ user_id: p.user_id, paid_minor: paid[i] as number })),
    split: splitInHome(entry, convert),
  };
}

/** The currency fields of an expense answer: the original and its rate, or the home currency at rate 1. */
export function currencyFieldsOf(
  record: ExpenseRecord,
  home: string,
): Pick<
  Expense,
  'currency' | 'original_amount_minor' | 'original_amount' | 'rate' | 'rate_source' | 'rate_date'
> {
  const original = record.original;
  const currency = original?.currency ?? home;
  const minor = original?.amount_minor ?? record.amount_minor;
  return {
    currency,
    original_amount_minor: minor,
    original_amount: minorToMajor(minor, currency),
    rate: original?.rate ?? '1',
    rate_source: original?.rate_source ?? 'home',
    rate_date: original?.rate_date ?? record.expense_date,
  };
}
