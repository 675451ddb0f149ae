/**
 * Expenses in another currency than the trip's (issue #15 item 1). The service converts a body once, before the
 * store: the amount at the rate (rounded once, half to even: convertMinor), and every amount of its split through
 * convertParts, so they still add up to the converted amount exactly (any remainder on the last person). From
 * there on everything (the stored amount, shares, totals, balances, settlements) is in the home currency's minor
 * units, exactly as for an expense in the home currency; the original amount and the rate are kept beside it.
 */
import {
  MAX_CENTS,
  RATE_UNAVAILABLE,
  SHARES_EXCEED_AMOUNT,
  SPLIT_TOLERANCE_CENTS,
  convertMinor,
  convertParts,
  minorToMajor,
  minorUnits,
  sumCents,
  type Expense,
  type ExpenseBody,
} from '@wayfare/contract';
import { HttpError } from '../http/errors';
import type { RateProvider } from '../rates/provider';
import type { ExpenseOriginal, ExpenseRecord } from '../store/types';

export const SHARES_MUST_ADD_UP = 'The shares must add up to the amount exactly';

/**
 * The original of an expense as the body decides it: none in the home currency; otherwise the member's rate
 * ('member'), the stored rate when the currency and date are unchanged, or the reference rate of the date.
 */
export async function originalOf(
  rates: RateProvider,
  home: string,
  body: ExpenseBody,
  stored?: ExpenseRecord,
): Promise<ExpenseOriginal | undefined> {
  const currency = body.currency ?? home;
  if (currency === home) {
    if (body.rate !== undefined && body.rate !== '1') {
      throw new HttpError(422, `An amount in the trip's currency (${home}) has rate 1`);
    }
    // Without a currency the amounts were read as dollars and cents: only right for a two-decimal home currency.
    if (body.currency === undefined && minorUnits(home) !== 2) {
      throw new HttpError(422, `Send the currency of the amount (this trip's is ${home})`);
    }
    return undefined;
  }
  const rated = (rate: string, rate_source: ExpenseOriginal['rate_source'], rate_date: string) => ({
    currency,
    amount_minor: body.amount,
    rate,
    rate_source,
    rate_date,
  });
  if (body.rate !== undefined) return rated(body.rate, 'member', body.expense_date);
  const kept = stored?.original;
  if (kept && kept.currency === currency && stored.expense_date === body.expense_date) {
    return rated(kept.rate, kept.rate_source, kept.rate_date);
  }
  const answer = await rates.rate(currency, home, body.expense_date);
  if (!answer || answer.source === 'home') throw new HttpError(422, RATE_UNAVAILABLE);
  return rated(answer.rate, answer.source, answer.rate_date);
}

/**
 * The body with every amount in the home currency. The rules the split is decided by (custom amounts within a
 * minor unit of the total, explicit shares adding up exactly, owed amounts not exceeding the total) are checked
 * on the original amounts first, so a conversion can neither hide nor cause a mismatch. `participants` sent
 * beside a `split` are left out: they were checked against it in the original currency by the caller.
 */
export function inHomeCurrency(body: ExpenseBody, original: ExpenseOriginal, home: string): ExpenseBody {
  const convert = (parts: number[]) =>
    convertParts(body.amount, parts, original.rate, original.currency, home).parts;
  const total = convertMinor(body.amount, original.rate, original.currency, home);
  if (total <= 0) {
    throw new HttpError(422, `At this rate the amount is less than the smallest unit of ${home}`);
  }
  if (total > MAX_CENTS) throw new HttpError(422, 'At this rate the amount is too large');

  const { participants, splits, split, ...rest } = body;
  // What each payer paid adds up to the amount exactly (the body's schema), so its converted parts add up too.
  const paid = convert(body.payers.map((p) => p.amount));
  const converted: ExpenseBody = {
    ...rest,
    amount: total,
    payers: body.payers.map((p, i) => ({ ...p, amount: paid[i] as number })),
  };
  if (split?.method === 'custom') {
    const amounts = split.people.map((p) => p.amount);
    if (Math.abs(sumCents(amounts) - body.amount) > SPLIT_TOLERANCE_CENTS) {
      throw new HttpError(422, SHARES_MUST_ADD_UP);
    }
    const home = convert(amounts);
    converted.split = {
      method: 'custom',
      people: split.people.map((p, i) => ({ ...p, amount: home[i] as number })),
    };
  } else if (split) converted.split = split;
  if (participants && !split) {
    if (sumCents(participants.map((p) => p.share_amount)) !== body.amount) {
      throw new HttpError(422, SHARES_MUST_ADD_UP);
    }
    const home = convert(participants.map((p) => p.share_amount));
    converted.participants = participants.map((p, i) => ({ ...p, share_amount: home[i] as number }));
  }
  if (splits) {
    // The payer bears the rest: converted as the last part, so the others' converted amounts leave it exact.
    const rest = body.amount - sumCents(splits.map((s) => s.amount));
    if (rest < 0) throw new HttpError(422, SHARES_EXCEED_AMOUNT);
    const home = convert([...splits.map((s) => s.amount), rest]);
    converted.splits = splits.map((s, i) => ({ ...s, amount: home[i] as number }));
  }
  return converted;
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
