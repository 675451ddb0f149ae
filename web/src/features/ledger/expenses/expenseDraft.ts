/**
 * The expense form's draft (ExpenseForm.tsx) as typed, and the request body read from it: amounts are text in the
 * person's locale and in the draft's currency, read once here and sent as exact dot-decimal text.
 *
 * Every draft has the same basics (title, amount, date, category, who paid, the currency and its rate) and one of
 * the two splits spec §5 gives its two screens: the split page's simple form (personal, group or shared with what
 * each non-payer owes, kept as decided on an edit) and the overview's add-expense modal (equal, custom or percent
 * among everyone or selected people, the payer included or not, checked live). Both offer the itemized split.
 */
import { z } from 'zod';
import {
  ASSIGN_EVERY_ITEM,
  CHOOSE_PAYER,
  DEFAULT_HOME_CURRENCY,
  EXTRA_KINDS,
  PAYERS_MUST_ADD_UP,
  SHARES_EXCEED_AMOUNT,
  SPLIT_TOLERANCE_MINOR,
  applySplit,
  convertParts,
  divideRates,
  expenseBodySchema,
  formatMoney,
  minorToDecimalText,
  minorUnits,
  normalizeRate,
  paidIn,
  splitCustom,
  splitEqual,
  splitItemized,
  splitPercent,
  sumMinor,
  type Expense,
  type ExpenseBodyInput,
  type ExpenseCategory,
  type ExpenseSplit,
  type ExpenseType,
  type ExtraKind,
  type ExtrasBy,
  type ItemizedPerson,
  type ItemizedSplit,
  type ItemizedView,
  type ScannedReceipt,
  type SplitMethod as StoredSplitMethod,
} from '@wayfare/contract';
import {
  formatTypedAmount,
  formatTypedNumber,
  hasTooManyDecimals,
  localeSeparators,
  readTypedAmount,
} from '../../../shared/forms/typed-amount';

// ---------------------------------------------------------------------------------------------------------------
// The currency: what the amounts are typed in, and the member's own rate.

/** The currency part of an expense form: what the amounts are typed in, and the rate the member typed ('' none). */
export interface CurrencyDraft {
  /** Absent: the trip's home currency. */
  currency?: string;
  /** The member's own rate as typed; absent (never edited) or empty: the reference rate the form shows. */
  rate?: string;
  /** The trip's home currency the draft was made for (absent: US dollars). */
  home?: string;
}

export const homeOf = (draft: CurrencyDraft) => draft.home ?? DEFAULT_HOME_CURRENCY;
export const currencyOf = (draft: CurrencyDraft) => draft.currency ?? homeOf(draft);
/** The decimals amounts are typed with: the draft currency's ISO 4217 minor units. */
export const digitsOf = (draft: CurrencyDraft) => minorUnits(currencyOf(draft));
export const isForeign = (draft: CurrencyDraft) => currencyOf(draft) !== homeOf(draft);

export const RATE_FORMAT = 'Enter the rate as a number, like 0.0062';

/** The spec's refusal of an amount that is not a positive amount of money. */
export const INVALID_AMOUNT = 'Enter a valid amount';

/**
 * The refusal of the draft's typed amount: the spec's words, and the reason after them when it is a positive
 * number with more decimals than its currency has ("Enter a valid amount: JPY has no decimals").
 */
export function invalidAmount(draft: CurrencyDraft, text: string, locale: string): string {
  const digits = digitsOf(draft);
  if (!hasTooManyDecimals(text, locale, digits)) return INVALID_AMOUNT;
  const reason = digits === 0 ? 'has no decimals' : `has at most ${digits} decimals`;
  return `${INVALID_AMOUNT}: ${currencyOf(draft)} ${reason}`;
}

/** A typed rate as exact text: a decimal comma (a German keyboard) read as the point; null when it is not a rate. */
export const readTypedRate = (text: string) => {
  const trimmed = text.trim();
  return normalizeRate(trimmed.includes('.') ? trimmed : trimmed.replace(',', '.'));
};

/**
 * The body's currency, always named (an amount left to mean "the home currency" would change its meaning if the
 * home currency were changed while the form was open: $30 stored as €30), and the member's rate when they typed one.
 */
export function currencyBody(
  draft: CurrencyDraft,
): { fields: Pick<ExpenseBodyInput, 'currency' | 'rate'> } | { error: string } {
  if (!isForeign(draft)) return { fields: { currency: homeOf(draft) } };
  const typed = draft.rate?.trim() ?? '';
  if (!typed) return { fields: { currency: currencyOf(draft) } };
  const rate = readTypedRate(typed);
  return rate ? { fields: { currency: currencyOf(draft), rate } } : { error: RATE_FORMAT };
}

/** An edit's currency part: the expense's currency, and its rate when it was the member's own. */
export function currencyDraftOf(expense: Expense, home: string): CurrencyDraft {
  const paid = paidIn(expense, home);
  return { home, currency: paid.currency, ...(paid.rate_source === 'member' && { rate: paid.rate }) };
}

/**
 * Amounts of an expense's home-currency split back in the currency it was paid in, for an edit form: converted at
 * the inverse of its rate, the last one taking what makes them add up to the amount paid (the remainder rule).
 */
export function partsInPaidCurrency(expense: Expense, home: string, homeParts: number[]): number[] {
  const paid = paidIn(expense, home);
  if (paid.currency === home) return homeParts;
  const inverse = divideRates('1', paid.rate) ?? '1';
  const back = convertParts(expense.amount_cents, homeParts, inverse, home, paid.currency).parts;
  const last = back.length - 1;
  if (last >= 0)
    back[last] = Math.max(0, (back[last] as number) + paid.minor - back.reduce((a, b) => a + b, 0));
  return back;
}

// ---------------------------------------------------------------------------------------------------------------
// Who paid: one payer, or several with each one's part.

/** Who paid, as the form types it: one payer, or (several_payers) each person's part as typed text. */
export interface PayerFields {
  amount: string;
  paid_by: string;
  several_payers: boolean;
  /** By user id: what each person paid, as typed in the person's locale; blank is nothing. */
  paid: Record<string, string>;
}

export const PAYER_MESSAGES = {
  typed: 'Enter what each person paid in dollars, like 12.50',
  none: 'Enter what each person paid',
  notAddingUp: PAYERS_MUST_ADD_UP,
} as const;

export interface PayersCheck {
  /** Each payer's part in cents, in participant order, when several paid and the parts add up to the amount. */
  payers: Array<{ user_id: string; cents: number }> | null;
  /** The amount less the parts typed so far (negative when they come to more); null when it cannot be told yet. */
  leftCents: number | null;
  /** The first thing to fix before saving, or null. */
  error: string | null;
}

/**
 * The typed parts of several payers, read in `locale`, paid_by's first (the form keeps it the first payer, see
 * firstPayer): blank and zero parts are nobody's, and the rest must add up to the amount exactly. One payer
 * (several_payers off) needs no check.
 */
export function checkPayers(fields: PayerFields, locale: string, digits = 2): PayersCheck {
  if (!fields.several_payers) return { payers: null, leftCents: null, error: null };
  const total = readTypedAmount(fields.amount, locale, digits);
  const parts: Array<{ user_id: string; cents: number }> = [];
  const typed = Object.entries(fields.paid).sort(
    ([a], [b]) => Number(b === fields.paid_by) - Number(a === fields.paid_by),
  );
  for (const [user_id, raw] of typed) {
    const text = raw.trim();
    if (!text) continue;
    const cents = readTypedAmount(text, locale, digits);
    if (cents === null) return { payers: null, leftCents: null, error: PAYER_MESSAGES.typed };
    if (cents > 0) parts.push({ user_id, cents });
  }
  const leftCents = total === null ? null : total - sumMinor(parts.map((p) => p.cents));
  if (parts.length === 0) return { payers: null, leftCents, error: PAYER_MESSAGES.none };
  if (leftCents !== 0) return { payers: null, leftCents, error: PAYER_MESSAGES.notAddingUp };
  return { payers: parts, leftCents, error: null };
}

/** The first person with a part typed, in participant order (`everyone`): the expense's paid_by while several paid. */
export function firstPayer(
  paid: PayerFields['paid'],
  everyone: readonly string[],
  locale: string,
  digits = 2,
) {
  return everyone.find((id) => (readTypedAmount(paid[id] ?? '', locale, digits) ?? 0) > 0);
}

/** Who paid in a request body: paid_by alone, or the checked parts (paid_by then is the first of them). */
export function payersBody(
  fields: PayerFields,
  check: PayersCheck,
  digits = 2,
): Pick<ExpenseBodyInput, 'paid_by' | 'payers'> {
  if (!check.payers) return { paid_by: fields.paid_by };
  return {
    paid_by: (check.payers[0] as { user_id: string }).user_id,
    payers: check.payers.map((p) => ({ user_id: p.user_id, amount: minorToDecimalText(p.cents, digits) })),
  };
}

/**
 * Edit mode: several payers prefilled with their parts in the locale, in the currency the expense was paid in (the
 * form's amount is typed in it; the answer's parts are in the home currency, converted back as its split's custom
 * amounts are, so they add up to the amount paid); one payer leaves the parts empty.
 */
export function payerFieldsFromExpense(
  expense: Expense,
  locale: string,
  home: string = DEFAULT_HOME_CURRENCY,
): Pick<PayerFields, 'several_payers' | 'paid'> {
  if (expense.payers.length < 2) return { several_payers: false, paid: {} };
  const digits = minorUnits(paidIn(expense, home).currency);
  const parts = partsInPaidCurrency(
    expense,
    home,
    expense.payers.map((p) => p.amount_cents),
  );
  return {
    several_payers: true,
    paid: Object.fromEntries(
      expense.payers.map((p, i) => [p.user_id, formatTypedAmount(parts[i] as number, locale, digits)]),
    ),
  };
}

// ---------------------------------------------------------------------------------------------------------------
// The basics every draft has, whatever its split.

/** The fields every expense draft has, whatever the split; amounts are typed in the draft's currency. */
export interface ExpenseBasics extends CurrencyDraft, PayerFields {
  title: string;
  /** Only the split page's form shows it; the overview's keeps an edited expense's own. */
  description: string;
  expense_date: string;
  category: ExpenseCategory;
}

/** A new expense's basics: a food expense dated `today`, paid by `payer`, in the trip's home currency. */
const emptyBasics = (today: string, payer: string, home?: string): ExpenseBasics => ({
  ...(home && { home, currency: home }),
  title: '',
  description: '',
  amount: '',
  expense_date: today,
  category: 'food',
  paid_by: payer,
  several_payers: false,
  paid: {},
});

/** Edit mode: the basics prefilled from the expense, its amount in the currency it was paid in. */
function basicsFromExpense(
  expense: Expense,
  locale: string,
  home: string,
  currency: CurrencyDraft,
): ExpenseBasics {
  return {
    ...currency,
    title: expense.title,
    description: expense.description,
    amount: formatTypedAmount(paidIn(expense, home).minor, locale, digitsOf(currency)),
    expense_date: expense.expense_date,
    category: expense.category,
    paid_by: expense.paid_by,
    ...payerFieldsFromExpense(expense, locale, home),
  };
}

/** The basics read for a body: the amount in minor units of `digits` decimals, who paid and the currency. */
interface BasicsReading {
  total: number;
  digits: number;
  payers: PayersCheck;
  currency: Pick<ExpenseBodyInput, 'currency' | 'rate'>;
}

/** The amount, who paid and the currency read, or the first of them to fix and the field it is about. */
function readBasics(
  draft: ExpenseBasics,
  locale: string,
): BasicsReading | { error: string; field: 'amount' | 'paid' | 'rate' } {
  const digits = digitsOf(draft);
  const total = readTypedAmount(draft.amount, locale, digits);
  if (total === null || total <= 0)
    return { error: invalidAmount(draft, draft.amount, locale), field: 'amount' };
  const payers = checkPayers(draft, locale, digits);
  if (payers.error) return { error: payers.error, field: 'paid' };
  const currency = currencyBody(draft);
  if ('error' in currency) return { error: currency.error, field: 'rate' };
  return { total, digits, payers, currency: currency.fields };
}

/** The body's basics from their reading (the description is each split's to send). */
const basicsBody = (draft: ExpenseBasics, read: BasicsReading) => ({
  title: draft.title.trim(),
  amount: minorToDecimalText(read.total, read.digits),
  expense_date: draft.expense_date,
  category: draft.category,
  ...payersBody(draft, read.payers, read.digits),
  ...read.currency,
});

/**
 * A form's body as the server will parse it: returned when the body schema takes it, else its refusals are added to
 * the form's issues at the field each is about (`fieldOf` a body field) and the form is refused.
 */
export function checkedBody(
  body: ExpenseBodyInput,
  ctx: z.RefinementCtx,
  fieldOf: (bodyField: string) => string,
): ExpenseBodyInput {
  const parsed = expenseBodySchema.safeParse(body);
  if (parsed.success) return body;
  for (const issue of parsed.error.issues) {
    ctx.addIssue({ code: 'custom', path: [fieldOf(String(issue.path[0] ?? ''))], message: issue.message });
  }
  return body;
}

/** Where the server's rule about a body field is shown: several payers' at theirs, the split's at `splitField`. */
const bodyFieldOn =
  <Field extends string>(splitField: Field, splitKeys: readonly string[]) =>
  (key: string): Field =>
    (key === 'payers' ? 'paid' : splitKeys.includes(key) ? splitField : key) as Field;

// ---------------------------------------------------------------------------------------------------------------
// The itemized split: item lines with who had them, and the tax, service and tip lines.

export interface ItemLineDraft {
  name: string;
  amount: string;
  /** Blank for none. */
  quantity: string;
  /** Who had it, in the order they were tapped. */
  people: string[];
  /** A person's shares of the line when not 1 (kept from a stored split; the form taps people equally). */
  shares: Record<string, number>;
}

export interface ItemizedDraft {
  items: ItemLineDraft[];
  extras: Record<ExtraKind, string>;
  extras_by: ExtrasBy;
}

export const ITEMIZED_MESSAGES = {
  noItems: 'Add at least one item',
  itemAmount: 'Enter a valid amount for each item',
  extraAmount: 'Enter valid amounts for tax, service and tip',
  assign: ASSIGN_EVERY_ITEM,
  leftover: 'Assign what is left before saving',
  over: 'The items come to more than the total',
} as const;

export const emptyItemLine = (): ItemLineDraft => ({
  name: '',
  amount: '',
  quantity: '',
  people: [],
  shares: {},
});

export const emptyItemizedDraft = (): ItemizedDraft => ({
  items: [emptyItemLine()],
  extras: { tax: '', service: '', tip: '' },
  extras_by: 'proportional',
});

export interface ItemizedReading {
  /** The split in minor units when every line reads and has people (the leftover may still be non-zero). */
  split: ItemizedSplit | null;
  /** The total less every assigned line and the extras: what is still to assign (negative when over). */
  unassigned: number;
  /** What each person pays so far, in the order they first appear. */
  people: ItemizedPerson[];
  /** The first thing to fix, or null when the split can be saved. */
  error: string | null;
}

const typedOrZero = (text: string, locale: string, digits: number) =>
  text.trim() ? readTypedAmount(text, locale, digits) : 0;

/** The draft read against the total (minor units, null while the total is not an amount). */
export function readItemizedDraft(
  draft: ItemizedDraft,
  total: number | null,
  locale: string,
  digits: number,
): ItemizedReading {
  const amounts = draft.items.map((line) => typedOrZero(line.amount, locale, digits));
  const extras = EXTRA_KINDS.map((kind) => typedOrZero(draft.extras[kind], locale, digits));
  const assigned = sumMinor(amounts.map((a, i) => (draft.items[i]?.people.length ? (a ?? 0) : 0)));
  const unassigned = (total ?? 0) - assigned - sumMinor(extras.map((e) => e ?? 0));
  const fail = (error: string): ItemizedReading => ({ split: null, unassigned, people: [], error });
  const lines = draft.items
    .map((line, i) => ({ line, amount: amounts[i] ?? null }))
    .filter(({ line, amount }) => line.name.trim() || amount !== 0 || line.people.length);
  if (lines.length === 0) return fail(ITEMIZED_MESSAGES.noItems);
  if (lines.some(({ amount }) => amount === null || amount <= 0)) {
    return fail(ITEMIZED_MESSAGES.itemAmount);
  }
  if (extras.some((e) => e === null)) return fail(ITEMIZED_MESSAGES.extraAmount);
  const split: ItemizedSplit = {
    items: lines.map(({ line, amount }) => ({
      name: line.name.trim(),
      amount: amount as number,
      quantity: /^\d+$/.test(line.quantity.trim()) ? Number(line.quantity.trim()) || null : null,
      people: line.people.map((user_id) => ({ user_id, shares: line.shares[user_id] ?? 1 })),
    })),
    extras: EXTRA_KINDS.flatMap((kind, i) => (extras[i] ? [{ kind, amount: extras[i] as number }] : [])),
    extras_by: draft.extras_by,
  };
  const people = split.items.every((item) => item.people.length > 0) ? splitItemized(split) : null;
  if (!people) return fail(ITEMIZED_MESSAGES.assign);
  const error = unassigned > 0 ? ITEMIZED_MESSAGES.leftover : unassigned < 0 ? ITEMIZED_MESSAGES.over : null;
  return { split, unassigned, people: people.people, error };
}

/** The body's itemized split: exact dot-decimal text of the draft's currency. */
export function itemizedBody(split: ItemizedSplit, digits: number): NonNullable<ExpenseBodyInput['split']> {
  const text = (minor: number) => minorToDecimalText(minor, digits);
  return {
    method: 'itemized',
    items: split.items.map((item) => ({
      name: item.name,
      amount: text(item.amount),
      quantity: item.quantity,
      people: item.people,
    })),
    extras: split.extras.map((e) => ({ kind: e.kind, amount: text(e.amount) })),
    extras_by: split.extras_by,
  };
}

/** Edit mode: the stored items as the form types them (amounts in the currency the expense was paid in). */
export function itemizedDraftFromView(view: ItemizedView, locale: string, digits: number): ItemizedDraft {
  const text = (minor: number) => formatTypedAmount(minor, locale, digits);
  const extra = (kind: ExtraKind) =>
    sumMinor(view.extras.filter((e) => e.kind === kind).map((e) => e.amount_minor));
  return {
    items: view.items.map((item) => ({
      name: item.name,
      amount: text(item.amount_minor),
      quantity: item.quantity === null ? '' : String(item.quantity),
      people: item.people.map((p) => p.user_id),
      shares: Object.fromEntries(item.people.filter((p) => p.shares !== 1).map((p) => [p.user_id, p.shares])),
    })),
    extras: Object.fromEntries(
      EXTRA_KINDS.map((kind) => [kind, extra(kind) ? text(extra(kind)) : '']),
    ) as Record<ExtraKind, string>,
    extras_by: view.extras_by,
  };
}

/** The line with the person tapped in or out. */
export function togglePerson(line: ItemLineDraft, userId: string): ItemLineDraft {
  const has = line.people.includes(userId);
  const { [userId]: _dropped, ...shares } = line.shares;
  return {
    ...line,
    people: has ? line.people.filter((id) => id !== userId) : [...line.people, userId],
    shares: has ? shares : line.shares,
  };
}

/** What a scan fills in the form, as typed in the person's locale; null when it found no total (the form stays). */
export interface ScannedFields {
  title: string | null;
  expense_date: string | null;
  currency: string | null;
  amount: string;
  /** The item lines to assign, tax and tip beside them; null when the scan read no items. */
  itemized: ItemizedDraft | null;
}

/** The scan's receipt as the form's fields: merchant → title, date, currency, total and the item lines. */
export function scannedFields(receipt: ScannedReceipt, locale: string): ScannedFields | null {
  if (receipt.total === null) return null;
  const digits = receipt.currency ? minorUnits(receipt.currency) : 2;
  const text = (minor: number | null) => (minor ? formatTypedAmount(minor, locale, digits) : '');
  return {
    title: receipt.merchant,
    expense_date: receipt.date,
    currency: receipt.currency,
    amount: text(receipt.total),
    itemized: receipt.items.length
      ? {
          items: receipt.items.map((item) => ({
            ...emptyItemLine(),
            name: item.name,
            amount: text(item.amount),
            quantity: item.quantity === null ? '' : String(item.quantity),
          })),
          extras: { tax: text(receipt.tax), service: '', tip: text(receipt.tip) },
          extras_by: 'proportional',
        }
      : null,
  };
}

// ---------------------------------------------------------------------------------------------------------------
// The split page's split (spec §5's simple expense form): personal, group, or shared with what each non-payer owes.

export interface SplitPageDraft extends ExpenseBasics {
  expense_type: ExpenseType;
  /** shared: dollars owed by each non-payer, by user id. */
  splits: Record<string, string>;
  /**
   * Edit mode, while nobody has touched the split (type, amounts owed or payer): the expense's split as it was
   * decided, which the body then leaves to the server to keep, or to re-apply when only the amount changed.
   */
  kept: ExpenseSplit | null;
  /** The "Itemized" option: the item lines the split is decided from; null or absent: off. */
  itemized?: ItemizedDraft | null;
}

export function emptySplitPageDraft(today: string, payer: string, home?: string): SplitPageDraft {
  return { ...emptyBasics(today, payer, home), expense_type: 'group', splits: {}, kept: null };
}

/**
 * Edit mode: the form prefilled from the expense, whichever screen made it: a shared expense shows what each person
 * owes (the payer's own share is what the payer bears), and the split is kept as decided until someone changes it.
 */
export function splitPageDraftFromExpense(expense: Expense, locale: string, trip?: string): SplitPageDraft {
  const home = trip ?? DEFAULT_HOME_CURRENCY;
  // Without a trip currency or an expense currency (an answer from before currencies) the draft is in dollars.
  const currency = trip || expense.currency ? currencyDraftOf(expense, home) : {};
  const paid = paidIn(expense, home);
  // The shares are in the home currency: for an expense paid in another, the split is kept as decided instead.
  const splits =
    expense.expense_type === 'shared' && paid.currency === home
      ? Object.fromEntries(
          expense.participants.map((p) => [
            p.user_id,
            formatTypedAmount(p.share_cents, locale, digitsOf(currency)),
          ]),
        )
      : {};
  return {
    ...basicsFromExpense(expense, locale, home, currency),
    expense_type: expense.expense_type,
    splits,
    // An itemized split is shown as its items, sent again as typed.
    kept: expense.split.itemized ? null : expense.split,
    ...(expense.split.itemized && {
      itemized: itemizedDraftFromView(expense.split.itemized, locale, digitsOf(currency)),
    }),
  };
}

/** The draft after a change of the split (type, amounts owed or payer): it is decided again as the form shows it. */
export const changeSplit = (draft: SplitPageDraft, patch: Partial<SplitPageDraft>): SplitPageDraft => ({
  ...draft,
  ...patch,
  kept: null,
});

/**
 * While the split is kept: what each person owes at the amount typed, the stored method applied as the server will
 * apply it (so a new amount shows its new shares); null when nothing is kept or the amount is not valid yet.
 */
export function keptSplits(draft: SplitPageDraft, locale: string): Record<string, string> | null {
  // In another currency the server converts first: the shares are known only once it has.
  if (isForeign(draft)) return null;
  const digits = digitsOf(draft);
  const total = readTypedAmount(draft.amount, locale, digits);
  if (!draft.kept || total === null || total <= 0) return null;
  const { method, people } = draft.kept;
  const cents = applySplit(total, {
    method,
    people: people.map((p) => ({ user_id: p.user_id, weight: p.amount_cents ?? p.percent })),
  });
  return (
    cents &&
    Object.fromEntries(
      people.map((p, i) => [p.user_id, formatTypedAmount(cents[i] as number, locale, digits)]),
    )
  );
}

const METHOD_LABEL: Record<ExpenseSplit['method'], string> = {
  equal: 'Equally',
  custom: 'Custom amounts',
  percent: 'Percentages',
  personal: 'Personal',
  itemized: 'Itemized',
};

/**
 * "Percentages: Ana 50%, Cai 50%": a stored split in words, names looked up by user id, money in the locale and
 * the trip's currency (the one stored amounts are in).
 */
export function describeSplit(
  split: ExpenseSplit,
  nameOf: (userId: string) => string,
  locale: string,
  currency: string = DEFAULT_HOME_CURRENCY,
): string {
  const people = split.people.map((p) => {
    const name = nameOf(p.user_id);
    if (p.percent !== null) return `${name} ${formatTypedNumber(p.percent, locale)}%`;
    if (p.amount_cents !== null) return `${name} ${formatMoney(p.amount_cents, locale, currency)}`;
    return name;
  });
  return `${METHOD_LABEL[split.method]}: ${people.join(', ')}`;
}

/** A field of the split page's draft, where a refusal is shown (the amounts owed: `splits`; several payers: `paid`). */
export type SplitPageField = keyof Omit<SplitPageDraft, 'kept' | 'home' | 'several_payers'>;

/**
 * The request body for a draft, or the first thing to fix and the field it is about. Shared (spec §5): custom
 * amounts per non-payer, zeros dropped, the payer bears the rest (so they may not exceed the total); none given means
 * the server divides the amount equally among the non-payers. Several payers' parts must add up to the amount.
 */
export function splitPageBody(
  draft: SplitPageDraft,
  locale: string,
): { body: ExpenseBodyInput } | { error: string; field: SplitPageField } {
  if (!draft.paid_by) return { error: CHOOSE_PAYER, field: 'paid_by' };
  if (!draft.title.trim()) return { error: 'Title is required', field: 'title' };
  if (!draft.expense_date) return { error: 'Date is required', field: 'expense_date' };
  const read = readBasics(draft, locale);
  if ('error' in read) return read;
  const { total, digits } = read;
  const body: ExpenseBodyInput = {
    ...basicsBody(draft, read),
    description: draft.description.trim(),
    expense_type: draft.expense_type,
  };
  if (draft.itemized) {
    const items = readItemizedDraft(draft.itemized, total, locale, digits);
    if (!items.split || items.error)
      return { error: items.error ?? 'Add at least one item', field: 'itemized' };
    return { body: { ...body, expense_type: 'shared', split: itemizedBody(items.split, digits) } };
  }
  // The split as decided: no people named, so the server keeps it (or re-applies it to a new amount).
  if (draft.expense_type !== 'shared' || draft.kept) return { body };

  const entered: Array<{ user_id: string; cents: number }> = [];
  for (const [user_id, text] of Object.entries(draft.splits)) {
    if (user_id === draft.paid_by || !text.trim()) continue;
    const cents = readTypedAmount(text, locale, digits);
    if (cents === null) {
      return {
        field: 'splits',
        error:
          currencyOf(draft) === 'USD'
            ? 'Enter amounts in dollars, like 12.50'
            : `Enter amounts in ${currencyOf(draft)}, like ${minorToDecimalText(1250, digits)}`,
      };
    }
    if (cents > 0) entered.push({ user_id, cents });
  }
  if (entered.length === 0) return { body };
  if (sumMinor(entered.map((e) => e.cents)) > total) return { error: SHARES_EXCEED_AMOUNT, field: 'splits' };
  return {
    body: {
      ...body,
      splits: entered.map((e) => ({ user_id: e.user_id, amount: minorToDecimalText(e.cents, digits) })),
    },
  };
}

/**
 * The split page's form (spec §5) for react-hook-form: its input is the draft as typed, its output the request
 * body, refused with the spec's messages at the field each is about, then checked against the very body schema the
 * server parses (a title past 200 characters is refused here with the server's words).
 */
export const splitPageFormSchema = (locale: string) =>
  z.custom<SplitPageDraft>().transform((draft, ctx) => {
    const built = splitPageBody(draft, locale);
    if ('error' in built) {
      ctx.addIssue({ code: 'custom', path: [built.field], message: built.error });
      return z.NEVER;
    }
    return checkedBody(built.body, ctx, bodyFieldOn<SplitPageField>('splits', ['participants', 'split']));
  });

// ---------------------------------------------------------------------------------------------------------------
// The overview's split (spec §5's add-expense modal): equal, custom, percent or itemized, among chosen people.

export const SPLIT_NOT_ADDING_UP = 'Split does not add up to total yet';

/** The overview's methods: the stored ones but personal (the payer alone, chosen as people). */
export type OverviewSplitMethod = Exclude<StoredSplitMethod, 'personal'>;

export interface OverviewDraft extends ExpenseBasics {
  method: OverviewSplitMethod;
  scope: 'all' | 'selected';
  selected: string[];
  /** Default on: the payer shares in the cost too. */
  include_payer: boolean;
  /** By user id: amounts (custom) or percentages (percent), as typed in the person's locale. */
  values: Record<string, string>;
  /** The item lines (itemized), whose people are the split's; absent reads as none typed yet. */
  itemized?: ItemizedDraft;
}

export const OVERVIEW_MESSAGES = {
  required: 'Please fill in all required fields (title, amount, and who paid)',
  amount: INVALID_AMOUNT,
  participants: 'Select at least one participant',
  percent: 'Enter percentages for participants',
  custom: 'Enter custom amounts',
  uncomputable: 'Unable to compute split',
  notAddingUp: SPLIT_NOT_ADDING_UP,
} as const;

/** Who shares the cost: everyone or the selected people, without the payer when the toggle is off. */
export function splitPeople(draft: OverviewDraft, everyone: readonly string[]): string[] {
  const chosen = draft.scope === 'all' ? [...everyone] : everyone.filter((id) => draft.selected.includes(id));
  return draft.include_payer ? chosen : chosen.filter((id) => id !== draft.paid_by);
}

/** A typed percentage; blank is 0, and the locale's decimal comma reads like a dot ("33,5" in de-DE). */
const percentage = (text: string | undefined, locale: string) => {
  const typed = (text ?? '').trim();
  const { decimal } = localeSeparators(locale);
  const value = Number((decimal === ',' ? typed.replace(',', '.') : typed) || '0');
  return Number.isFinite(value) && value >= 0 ? value : NaN;
};

/** A typed custom amount in minor units of `digits` decimals; blank is 0, null when it is not an amount. */
const typedCents = (text: string | undefined, locale: string, digits = 2) =>
  text?.trim() ? readTypedAmount(text, locale, digits) : 0;

export interface OverviewSplit {
  /** The shares in cents when the split is valid. */
  shares: Array<{ user_id: string; cents: number }> | null;
  /** What the typed amounts add up to so far (custom: dollars entered; otherwise the computed shares). */
  allocatedCents: number;
  /** The first message of spec §5 that applies, or null when the expense can be submitted. */
  error: string | null;
}

/** Spec §5's checks in order, amounts read as typed in `locale`; submit stays disabled while `error` is set. */
export function computeOverviewSplit(
  draft: OverviewDraft,
  everyone: readonly string[],
  locale: string,
): OverviewSplit {
  const fail = (error: string, allocatedCents = 0): OverviewSplit => ({
    shares: null,
    allocatedCents,
    error,
  });
  if (!draft.title.trim() || !draft.amount.trim() || !draft.paid_by) return fail(OVERVIEW_MESSAGES.required);
  const read = readBasics(draft, locale);
  if ('error' in read) return fail(read.error);
  const { total, digits } = read;
  if (draft.method === 'itemized') {
    // The people are the items'; what is assigned so far is the total less the unassigned.
    const items = readItemizedDraft(draft.itemized ?? emptyItemizedDraft(), total, locale, digits);
    if (items.error) return fail(items.error, total - items.unassigned);
    const shares = items.people.map((p) => ({ user_id: p.user_id, cents: p.total }));
    return { shares, allocatedCents: total, error: null };
  }
  const people = splitPeople(draft, everyone);
  if (people.length === 0) return fail(OVERVIEW_MESSAGES.participants);

  let cents: number[] | null;
  if (draft.method === 'equal') {
    cents = splitEqual(total, people.length);
  } else if (draft.method === 'percent') {
    const percents = people.map((id) => percentage(draft.values[id], locale));
    if (percents.some(Number.isNaN) || !(sumMinor(percents) > 0)) return fail(OVERVIEW_MESSAGES.percent);
    cents = splitPercent(total, percents);
  } else {
    const typed = people.map((id) => typedCents(draft.values[id], locale, digits));
    if (typed.some((c) => c === null) || typed.every((c) => c === 0)) return fail(OVERVIEW_MESSAGES.custom);
    const entered = typed as number[];
    const allocated = sumMinor(entered);
    if (Math.abs(allocated - total) > SPLIT_TOLERANCE_MINOR)
      return fail(OVERVIEW_MESSAGES.notAddingUp, allocated);
    cents = splitCustom(total, entered);
  }
  if (!cents) return fail(OVERVIEW_MESSAGES.uncomputable);
  const shares = people.map((user_id, i) => ({ user_id, cents: cents[i] as number }));
  return { shares, allocatedCents: sumMinor(cents), error: null };
}

/** A new expense's draft: equal among everyone, the payer included, paid by `payer`. */
export function emptyOverviewDraft(
  today: string,
  payer: string,
  everyone: readonly string[],
  home?: string,
): OverviewDraft {
  return {
    ...emptyBasics(today, payer, home),
    method: 'equal',
    scope: 'all',
    selected: [...everyone],
    include_payer: true,
    values: {},
    itemized: emptyItemizedDraft(),
  };
}

/**
 * Edit mode: the overview's draft prefilled with the expense's stored split, whichever screen made it. A personal
 * expense is the payer alone; 'Everyone' when the split's people are all of today's participants (the payer aside
 * when not included), else the selected people.
 */
export function overviewDraftFromExpense(
  expense: Expense,
  everyone: readonly string[],
  locale: string,
  home: string = DEFAULT_HOME_CURRENCY,
): OverviewDraft {
  const { split } = expense;
  const currency = currencyDraftOf(expense, home);
  const digits = digitsOf(currency);
  // Custom amounts are stored in the home currency: shown back in the currency the expense was paid in.
  const custom = partsInPaidCurrency(
    expense,
    home,
    split.people.map((p) => p.amount_cents ?? 0),
  );
  const people = split.people.map((p) => p.user_id);
  const include_payer = split.method === 'personal' || people.includes(expense.paid_by);
  const chosen = split.method === 'personal' ? [expense.paid_by] : people;
  const all = everyone.filter((id) => include_payer || id !== expense.paid_by);
  const everyoneIn = all.length === chosen.length && all.every((id) => chosen.includes(id));
  const values = Object.fromEntries(
    split.people.flatMap((p, i) => {
      if (split.method === 'percent' && p.percent !== null)
        return [[p.user_id, formatTypedNumber(p.percent, locale)]];
      if (split.method === 'custom' && p.amount_cents !== null) {
        return [[p.user_id, formatTypedAmount(custom[i] as number, locale, digits)]];
      }
      return [];
    }),
  );
  return {
    ...basicsFromExpense(expense, locale, home, currency),
    method: split.method === 'personal' ? 'equal' : split.method,
    scope: everyoneIn ? 'all' : 'selected',
    selected: chosen,
    include_payer,
    values,
    itemized: split.itemized ? itemizedDraftFromView(split.itemized, locale, digits) : emptyItemizedDraft(),
  };
}

/**
 * The request body of a draft computeOverviewSplit accepted: the split as decided (method, people, amounts or
 * percentages), which the server stores and computes the shares from, and those shares (zeros dropped), which it
 * checks are the same.
 */
export function overviewBody(
  draft: OverviewDraft,
  shares: NonNullable<OverviewSplit['shares']>,
  locale: string,
): ExpenseBodyInput {
  const read = readBasics(draft, locale);
  if ('error' in read) throw new Error(read.error);
  const { total, digits } = read;
  const dollars = (text: string | undefined) =>
    minorToDecimalText(typedCents(text, locale, digits) ?? 0, digits);
  const everyoneEqual = draft.method === 'equal' && draft.scope === 'all' && draft.include_payer;
  const people = shares.map((s) => s.user_id);
  const items =
    draft.method === 'itemized'
      ? readItemizedDraft(draft.itemized ?? emptyItemizedDraft(), total, locale, digits).split
      : null;
  const split: NonNullable<ExpenseBodyInput['split']> = items
    ? itemizedBody(items, digits)
    : draft.method === 'equal'
      ? { method: 'equal', people: people.map((user_id) => ({ user_id })) }
      : draft.method === 'percent'
        ? {
            method: 'percent',
            people: people.map((user_id) => ({
              user_id,
              percent: percentage(draft.values[user_id], locale),
            })),
          }
        : {
            method: 'custom',
            people: people.map((user_id) => ({ user_id, amount: dollars(draft.values[user_id]) })),
          };
  return {
    ...basicsBody(draft, read),
    description: draft.description,
    expense_type: everyoneEqual ? 'group' : 'shared',
    // An itemized split's shares are the server's to decide from the items.
    ...(!items && {
      participants: shares
        .filter((s) => s.cents > 0)
        .map((s) => ({ user_id: s.user_id, share_amount: minorToDecimalText(s.cents, digits) })),
    }),
    split,
  };
}

/**
 * The overview's form (spec §5) for react-hook-form, for everyone in `everyone`: its input is the draft as typed,
 * its output the request body. Spec §5's first message that applies refuses it (the form shows it live and keeps
 * Add Expense disabled meanwhile), then the body schema the server parses checks it; the split's refusals show on
 * its own message line (`values`).
 */
export const overviewFormSchema = (everyone: readonly string[], locale: string) =>
  z.custom<OverviewDraft>().transform((draft, ctx) => {
    const computed = computeOverviewSplit(draft, everyone, locale);
    if (!computed.shares) {
      ctx.addIssue({
        code: 'custom',
        path: ['values'],
        message: computed.error ?? OVERVIEW_MESSAGES.uncomputable,
      });
      return z.NEVER;
    }
    return checkedBody(
      overviewBody(draft, computed.shares, locale),
      ctx,
      bodyFieldOn<keyof OverviewDraft>('values', ['participants', 'split', 'expense_type']),
    );
  });
