import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  MAX_MINOR,
  SHARES_EXCEED_AMOUNT,
  expenseBodySchema,
  expenseSplitOf,
  itemizedView,
  minorToDecimalText,
  type Expense,
  type ExpenseBodyInput,
  type StoredSplit,
} from '@wayfare/contract';
import {
  ITEMIZED_MESSAGES,
  emptyItemizedDraft,
  itemizedBody,
  itemizedDraftFromView,
  readItemizedDraft,
  togglePerson,
  type ItemizedDraft,
} from './itemizedDraft';
import {
  OVERVIEW_MESSAGES,
  computeOverviewSplit,
  emptyOverviewDraft,
  overviewBody,
  overviewDraftFromExpense,
  splitPeople,
  type OverviewDraft,
} from './overviewDraft';
import {
  changeSplit,
  describeSplit,
  emptySplitPageDraft,
  keptSplits,
  splitPageBody,
  splitPageDraftFromExpense,
  splitPageFormSchema,
} from './splitPageDraft';

const en = 'en-US';

describe('splitPageBody', () => {
  const draft = { ...emptySplitPageDraft('2027-04-11', 'ana'), title: 'Dinner', amount: '100' };

  it('defaults to a food group expense dated today and paid by the signed-in user', () => {
    expect(emptySplitPageDraft('2027-04-11', 'ana')).toMatchObject({
      category: 'food',
      expense_type: 'group',
      paid_by: 'ana',
    });
    expect(splitPageBody(draft, en)).toEqual({
      body: {
        title: 'Dinner',
        description: '',
        amount: '100.00',
        expense_date: '2027-04-11',
        category: 'food',
        paid_by: 'ana',
        expense_type: 'group',
        // Named even in the home currency: a home currency changed meanwhile must not reread $100 as €100.
        currency: 'USD',
      },
    });
  });

  it.each([
    [{ title: ' ' }, 'Title is required'],
    [{ amount: '' }, 'Enter a valid amount'],
    [{ amount: '0' }, 'Enter a valid amount'],
    // A number with a decimal too many says why (below); only the spec's words for the rest.
    [{ amount: '1.234' }, 'Enter a valid amount: USD has at most 2 decimals'],
    [{ expense_date: '' }, 'Date is required'],
    [{ paid_by: '' }, 'Choose who paid'],
  ])('refuses %j', (patch, error) => {
    expect(splitPageBody({ ...draft, ...patch }, en)).toMatchObject({ error });
  });

  it('shared (spec §5): drops zeros and the payer, leaves the rest on the payer, refuses more than the total', () => {
    const shared = { ...draft, expense_type: 'shared' as const, amount: '10' };
    const body = (splits: Record<string, string>) => splitPageBody({ ...shared, splits }, en);
    expect(body({ ana: '5', bea: '3.33', cai: '2', dan: '0' })).toMatchObject({
      body: {
        splits: [
          { user_id: 'bea', amount: '3.33' },
          { user_id: 'cai', amount: '2.00' },
        ],
      },
    });
    expect(body({})).toEqual({ body: expect.not.objectContaining({ splits: expect.anything() }) });
    expect(body({ bea: '6', cai: '4.01' })).toMatchObject({ error: SHARES_EXCEED_AMOUNT });
    expect(body({ bea: 'x' })).toMatchObject({ error: 'Enter amounts in dollars, like 12.50' });
  });

  it('reads amounts as typed in the locale and sends them as exact dot-decimal dollars', () => {
    const shared = { ...draft, expense_type: 'shared' as const, amount: '1.234,56' };
    expect(splitPageBody({ ...shared, splits: { bea: '15,38', cai: '0,1' } }, 'de-DE')).toMatchObject({
      body: {
        amount: '1234.56',
        splits: [
          { user_id: 'bea', amount: '15.38' },
          { user_id: 'cai', amount: '0.10' },
        ],
      },
    });
    expect(splitPageBody({ ...draft, amount: '15,38' }, 'de-DE')).toMatchObject({
      body: { amount: '15.38' },
    });
    expect(splitPageBody({ ...draft, amount: '1,234.50' }, en)).toMatchObject({
      body: { amount: '1234.50' },
    });
    // 15,385 is 15.385 in de-DE: a decimal too many for dollars.
    expect(splitPageBody({ ...draft, amount: '15,385' }, 'de-DE')).toEqual({
      error: 'Enter a valid amount: USD has at most 2 decimals',
      field: 'amount',
    });
    expect(splitPageBody({ ...shared, splits: { bea: '1,2,3' } }, 'de-DE')).toEqual({
      error: 'Enter amounts in dollars, like 12.50',
      field: 'splits',
    });
  });

  it('says why a positive number with more decimals than its currency has is refused, and only then', () => {
    const refusal = (amount: string, currency?: string, locale = en) =>
      splitPageBody({ ...draft, amount, ...(currency && { currency }) }, locale);
    expect(refusal('12345.5', 'JPY')).toEqual({
      error: 'Enter a valid amount: JPY has no decimals',
      field: 'amount',
    });
    expect(refusal('12345,5', 'JPY', 'de-DE')).toMatchObject({
      error: 'Enter a valid amount: JPY has no decimals',
    });
    expect(refusal('1.234', 'USD')).toEqual({
      error: 'Enter a valid amount: USD has at most 2 decimals',
      field: 'amount',
    });
    expect(refusal('1,234.567')).toMatchObject({ error: 'Enter a valid amount: USD has at most 2 decimals' });
    expect(refusal('0.001')).toMatchObject({ error: 'Enter a valid amount: USD has at most 2 decimals' });
    expect(refusal('1.2345', 'BHD')).toMatchObject({
      error: 'Enter a valid amount: BHD has at most 3 decimals',
    });
    // Amounts the currency takes are not refused: yen grouped in threes, three decimals of dinar.
    expect(refusal('12,345', 'JPY')).toMatchObject({ body: { amount: '12345', currency: 'JPY' } });
    expect(refusal('1.234', 'BHD')).toMatchObject({ body: { amount: '1.234', currency: 'BHD' } });
    // Not a positive number: the spec's words alone.
    for (const amount of ['0.000', '-1.234', 'abc', '1.2.3.4', '12.', '1,2,3.456', '1.234 5', '1e3']) {
      expect(refusal(amount)).toEqual({ error: 'Enter a valid amount', field: 'amount' });
    }
    expect(refusal('0.0', 'JPY')).toEqual({ error: 'Enter a valid amount', field: 'amount' });
  });

  it('adds a decimal too many to any dollar amount: the longer refusal, the digits otherwise read', () => {
    fc.assert(
      fc.property(fc.integer({ min: 0, max: MAX_MINOR }), fc.integer({ min: 1, max: 9 }), (cents, digit) => {
        const text = minorToDecimalText(cents, 2);
        expect(splitPageBody({ ...draft, amount: `${text}${digit}` }, en)).toEqual({
          error: 'Enter a valid amount: USD has at most 2 decimals',
          field: 'amount',
        });
        expect(splitPageBody({ ...draft, amount: text }, en)).toEqual(
          cents === 0 ? { error: 'Enter a valid amount', field: 'amount' } : { body: expect.anything() },
        );
      }),
    );
  });

  it('prefills an edit in the locale, which reads back to the same cents', () => {
    const expense = {
      title: 'Hotel',
      description: '',
      amount_cents: 123456,
      expense_date: '2027-04-12',
      category: 'accommodation',
      expense_type: 'shared',
      paid_by: 'ana',
      payers: [{ user_id: 'ana', first_name: 'Ana', last_name: 'A', amount_cents: 123456, amount: 1234.56 }],
      participants: [{ user_id: 'bea', first_name: 'Bea', last_name: 'B', share_cents: 1538 }],
      split: {
        method: 'custom',
        people: [{ user_id: 'bea', amount_cents: 1538, amount: 15.38, percent: null }],
      },
    } as Expense;
    const prefilled = splitPageDraftFromExpense(expense, 'de-DE');
    expect(prefilled).toMatchObject({ amount: '1234,56', splits: { bea: '15,38' } });
    expect(keptSplits({ ...prefilled, amount: '20' }, 'de-DE')).toEqual({ bea: '20,00' });
    expect(describeSplit(expense.split, (id) => id, 'de-DE')).toBe('Custom amounts: bea 15,38 $');
    expect(splitPageBody(changeSplit(prefilled, {}), 'de-DE')).toMatchObject({
      body: { amount: '1234.56', splits: [{ user_id: 'bea', amount: '15.38' }] },
    });
  });

  it('prefills edits from the expense', () => {
    const split = {
      method: 'custom' as const,
      people: [{ user_id: 'bea', amount_cents: 2450, amount: 24.5, percent: null }],
    };
    const expense = {
      id: 'e1',
      title: 'Taxi',
      description: 'Airport',
      amount_cents: 2450,
      expense_date: '2027-04-12',
      category: 'transport',
      expense_type: 'shared',
      paid_by: 'ana',
      payers: [{ user_id: 'ana', first_name: 'Ana', last_name: 'A', amount_cents: 2450, amount: 24.5 }],
      participants: [{ user_id: 'bea', first_name: 'Bea', last_name: 'B', share_cents: 2450 }],
      split,
    } as Expense;
    expect(splitPageDraftFromExpense(expense, en)).toEqual({
      title: 'Taxi',
      description: 'Airport',
      amount: '24.50',
      expense_date: '2027-04-12',
      category: 'transport',
      paid_by: 'ana',
      several_payers: false,
      paid: {},
      expense_type: 'shared',
      splits: { bea: '24.50' },
      kept: split,
    });
  });

  it('keeps the split as decided until the type, an amount owed or the payer changes, whichever form made it', () => {
    // The overview's percentages with the payer in the split: the trip page shows what each owes.
    const expense = {
      title: 'Tapas',
      description: '',
      amount_cents: 10000,
      expense_date: '2027-04-12',
      category: 'food',
      expense_type: 'shared',
      paid_by: 'ana',
      payers: [{ user_id: 'ana', first_name: 'Ana', last_name: 'A', amount_cents: 10000, amount: 100 }],
      participants: [
        { user_id: 'ana', first_name: 'Ana', last_name: 'A', share_cents: 5000 },
        { user_id: 'cai', first_name: 'Cai', last_name: 'C', share_cents: 5000 },
      ],
      split: {
        method: 'percent',
        people: [
          { user_id: 'ana', amount_cents: null, amount: null, percent: 50 },
          { user_id: 'cai', amount_cents: null, amount: null, percent: 50 },
        ],
      },
    } as Expense;
    const edit = { ...splitPageDraftFromExpense(expense, en), title: 'Late tapas', amount: '120' };
    expect(splitPageBody(edit, en)).toEqual({
      body: expect.not.objectContaining({ splits: expect.anything() }),
    });
    expect(splitPageBody(edit, en)).toMatchObject({
      body: { expense_type: 'shared', amount: '120.00' },
    });
    expect(describeSplit(expense.split, (id) => id.toUpperCase(), en)).toBe('Percentages: ANA 50%, CAI 50%');
    const thirds = {
      method: 'percent' as const,
      people: [{ user_id: 'ana', amount_cents: null, amount: null, percent: 33.5 }],
    };
    expect(describeSplit(thirds, (id) => id, 'de-DE')).toBe('Percentages: ana 33,5%');
    // The amounts shown follow the new amount as the server will split it.
    expect(keptSplits(edit, en)).toEqual({ ana: '60.00', cai: '60.00' });
    expect(keptSplits({ ...edit, amount: '' }, en)).toBeNull();

    // Changing an amount owed decides the split again, as the form shows it (the payer bears the rest).
    const changed = changeSplit(edit, { splits: { ...edit.splits, cai: '70' } });
    expect(changed.kept).toBeNull();
    expect(splitPageBody(changed, en)).toMatchObject({
      body: { splits: [{ user_id: 'cai', amount: '70.00' }] },
    });
    expect(changeSplit(edit, { paid_by: 'cai' }).kept).toBeNull();
  });
});

describe('several payers on the split page', () => {
  const draft = {
    ...emptySplitPageDraft('2027-04-11', 'ana'),
    title: 'Dinner',
    amount: '90,01',
    several_payers: true,
  };

  it('sends each part, paid_by (the first payer) first, once they add up to the amount', () => {
    expect(splitPageBody({ ...draft, paid: { cai: '30,01', ana: '60', bea: '' } }, 'de-DE')).toMatchObject({
      body: {
        paid_by: 'ana',
        payers: [
          { user_id: 'ana', amount: '60.00' },
          { user_id: 'cai', amount: '30.01' },
        ],
      },
    });
  });

  it.each([
    [{}, 'Enter what each person paid'],
    [{ ana: '60' }, 'What each person paid must add up to the amount exactly'],
    [{ ana: '60', bea: '40' }, 'What each person paid must add up to the amount exactly'],
    [{ ana: '6x' }, 'Enter what each person paid in dollars, like 12.50'],
  ])('refuses parts %j', (paid, error) => {
    expect(splitPageBody({ ...draft, paid }, 'de-DE')).toMatchObject({ error });
  });

  it('prefills the parts of an expense several people paid', () => {
    const expense = {
      title: 'Dinner',
      description: '',
      amount_cents: 9001,
      expense_date: '2027-04-11',
      category: 'food',
      expense_type: 'group',
      paid_by: 'ana',
      payers: [
        { user_id: 'ana', first_name: 'Ana', last_name: 'A', amount_cents: 6000, amount: 60 },
        { user_id: 'bea', first_name: 'Bea', last_name: 'B', amount_cents: 3001, amount: 30.01 },
      ],
      participants: [],
      split: { method: 'equal', people: [] },
    } as unknown as Expense;
    expect(splitPageDraftFromExpense(expense, 'de-DE')).toMatchObject({
      several_payers: true,
      paid: { ana: '60,00', bea: '30,01' },
    });
  });

  it('prefills the parts of a foreign-currency expense in that currency, adding up to what was paid', () => {
    // 12,345 JPY at 0.0065 USD per JPY: 80.24 USD, paid 10,000 JPY (65.00 USD) and 2,345 JPY (15.24 USD).
    const expense = {
      title: 'Sushi',
      description: '',
      amount_cents: 8024,
      currency: 'JPY',
      original_amount_minor: 12345,
      rate: '0.0065',
      rate_source: 'member',
      rate_date: '2027-04-11',
      expense_date: '2027-04-11',
      category: 'food',
      expense_type: 'group',
      paid_by: 'ana',
      payers: [
        { user_id: 'ana', first_name: 'Ana', last_name: 'A', amount_cents: 6500, amount: 65 },
        { user_id: 'bea', first_name: 'Bea', last_name: 'B', amount_cents: 1524, amount: 15.24 },
      ],
      participants: [],
      split: { method: 'equal', people: [] },
    } as unknown as Expense;
    const draft = splitPageDraftFromExpense(expense, 'de-DE', 'USD');
    expect(draft).toMatchObject({ amount: '12345', paid: { ana: '10000', bea: '2345' } });
    expect(splitPageBody(draft, 'de-DE')).toMatchObject({
      body: {
        currency: 'JPY',
        rate: '0.0065',
        amount: '12345',
        payers: [
          { user_id: 'ana', amount: '10000' },
          { user_id: 'bea', amount: '2345' },
        ],
      },
    });
  });
});

describe('splitPageFormSchema', () => {
  const schema = splitPageFormSchema(en);
  const draft = { ...emptySplitPageDraft('2027-04-11', 'ana'), title: 'Dinner', amount: '100' };
  const issues = (patch: Partial<typeof draft>) =>
    schema.safeParse({ ...draft, ...patch }).error?.issues.map((i) => [i.path.join('.'), i.message]);

  it('parses a draft to the body the server takes', () => {
    expect(schema.parse(draft)).toMatchObject({ title: 'Dinner', amount: '100.00', paid_by: 'ana' });
  });

  it("refuses at the field each rule is about: the form's own rules, then the body schema's", () => {
    expect(issues({ title: ' ' })).toEqual([['title', 'Title is required']]);
    expect(issues({ amount: '0' })).toEqual([['amount', 'Enter a valid amount']]);
    expect(issues({ several_payers: true, paid: { ana: '60' } })).toEqual([
      ['paid', 'What each person paid must add up to the amount exactly'],
    ]);
    expect(issues({ currency: 'EUR', rate: 'abc' })).toEqual([
      ['rate', 'Enter the rate as a number, like 0.0062'],
    ]);
    expect(issues({ expense_type: 'shared', splits: { bea: '101' } })).toEqual([
      ['splits', SHARES_EXCEED_AMOUNT],
    ]);
    expect(issues({ title: 'x'.repeat(201) })).toEqual([['title', 'Title must be at most 200 characters']]);
    expect(issues({ description: 'x'.repeat(2001) })).toEqual([['description', 'Description is too long']]);
  });
});

const everyone = ['ana', 'bea', 'cai'];
const draft = (patch: Partial<OverviewDraft> = {}): OverviewDraft => ({
  title: 'Dinner',
  description: '',
  amount: '100',
  paid_by: 'ana',
  several_payers: false,
  paid: {},
  category: 'food',
  expense_date: '2027-04-11',
  method: 'equal',
  scope: 'all',
  selected: everyone,
  include_payer: true,
  values: {},
  ...patch,
});
const cents = (d: OverviewDraft) =>
  computeOverviewSplit(d, everyone, en).shares?.map((s) => [s.user_id, s.cents]);

describe('computeOverviewSplit', () => {
  it('splits equally among everyone with the remainder on the last person', () => {
    expect(cents(draft())).toEqual([
      ['ana', 3333],
      ['bea', 3333],
      ['cai', 3334],
    ]);
  });

  it('respects the scope and the include-payer toggle', () => {
    expect(splitPeople(draft({ include_payer: false }), everyone)).toEqual(['bea', 'cai']);
    expect(splitPeople(draft({ scope: 'selected', selected: ['cai', 'ana'] }), everyone)).toEqual([
      'ana',
      'cai',
    ]);
    expect(cents(draft({ scope: 'selected', selected: ['ana'], include_payer: false }))).toBeUndefined();
  });

  it('normalises percentages and puts the rounding on the last person', () => {
    expect(
      cents(draft({ method: 'percent', amount: '99.99', values: { ana: '50', bea: '30', cai: '20' } })),
    ).toEqual([
      ['ana', 4999],
      ['bea', 2999],
      ['cai', 2001],
    ]);
    expect(cents(draft({ method: 'percent', values: { ana: '1', bea: '1', cai: '2' } }))).toEqual([
      ['ana', 2500],
      ['bea', 2500],
      ['cai', 5000],
    ]);
  });

  it('accepts custom amounts within a cent of the total and completes them onto the last person', () => {
    expect(cents(draft({ method: 'custom', values: { ana: '33.33', bea: '33.33', cai: '33.33' } }))).toEqual([
      ['ana', 3333],
      ['bea', 3333],
      ['cai', 3334],
    ]);
    const short = computeOverviewSplit(
      draft({ method: 'custom', values: { ana: '40', bea: '40' } }),
      everyone,
      en,
    );
    expect(short).toEqual({ shares: null, allocatedCents: 8000, error: OVERVIEW_MESSAGES.notAddingUp });
  });

  it.each([
    [{ title: '' }, 'Please fill in all required fields (title, amount, and who paid)'],
    [{ amount: '' }, 'Please fill in all required fields (title, amount, and who paid)'],
    [{ paid_by: '' }, 'Please fill in all required fields (title, amount, and who paid)'],
    [{ amount: '0' }, 'Enter a valid amount'],
    [{ amount: '-5' }, 'Enter a valid amount'],
    [{ scope: 'selected' as const, selected: [] }, 'Select at least one participant'],
    [{ method: 'percent' as const, values: { ana: '0' } }, 'Enter percentages for participants'],
    [{ method: 'custom' as const, values: {} }, 'Enter custom amounts'],
    [{ method: 'custom' as const, values: { ana: '60', bea: '40.01', cai: '0' } }, 'Unable to compute split'],
  ])('says %j → "%s"', (patch, message) => {
    expect(computeOverviewSplit(draft(patch as Partial<OverviewDraft>), everyone, en).error).toBe(message);
  });

  it('always sums to the total exactly when it accepts a split', () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 1, max: 10_000_000 }),
        fc.constantFrom<OverviewDraft['method']>('equal', 'percent', 'custom'),
        fc.array(fc.integer({ min: 0, max: 100 }), { minLength: 3, maxLength: 3 }),
        fc.boolean(),
        (total, method, weights, includePayer) => {
          const values = Object.fromEntries(
            everyone.map((id, i) => [
              id,
              method === 'custom'
                ? ((total * (weights[i] as number)) / 100 / 100).toFixed(2)
                : String(weights[i]),
            ]),
          );
          const result = computeOverviewSplit(
            draft({ amount: (total / 100).toFixed(2), method, values, include_payer: includePayer }),
            everyone,
            en,
          );
          if (result.shares) expect(result.shares.reduce((s, x) => s + x.cents, 0)).toBe(total);
        },
      ),
    );
  });
});

describe('amounts typed in the locale on the overview', () => {
  it('reads a decimal comma in amounts, custom amounts and percentages, and sends exact dollars', () => {
    const d = draft({ amount: '15,38', method: 'custom', values: { ana: '5,38', bea: '10', cai: '' } });
    const computed = computeOverviewSplit(d, everyone, 'de-DE');
    expect(computed.error).toBeNull();
    expect(overviewBody(d, computed.shares!, 'de-DE')).toMatchObject({
      amount: '15.38',
      split: {
        method: 'custom',
        people: [
          { user_id: 'ana', amount: '5.38' },
          { user_id: 'bea', amount: '10.00' },
          { user_id: 'cai', amount: '0.00' },
        ],
      },
      participants: [
        { user_id: 'ana', share_amount: '5.38' },
        { user_id: 'bea', share_amount: '10.00' },
      ],
    });
    const percent = draft({ amount: '100', method: 'percent', values: { ana: '33,5', bea: '66,5' } });
    expect(
      overviewBody(percent, computeOverviewSplit(percent, everyone, 'de-DE').shares!, 'de-DE'),
    ).toMatchObject({
      split: { people: [{ percent: 33.5 }, { percent: 66.5 }, { percent: 0 }] },
    });
    // 15,385 is 15.385 in de-DE: the expense form's rule, a decimal too many says why.
    expect(computeOverviewSplit(draft({ amount: '15,385' }), everyone, 'de-DE').error).toBe(
      `${OVERVIEW_MESSAGES.amount}: USD has at most 2 decimals`,
    );
    expect(computeOverviewSplit(draft({ amount: '12345.5', currency: 'JPY' }), everyone, en).error).toBe(
      'Enter a valid amount: JPY has no decimals',
    );
    expect(
      computeOverviewSplit(draft({ method: 'custom', values: { ana: 'x' } }), everyone, 'de-DE').error,
    ).toBe(OVERVIEW_MESSAGES.custom);
  });
});

describe('overviewBody', () => {
  it('sends explicit shares without zeros, as group only for an equal split among everyone', () => {
    const d = draft({ method: 'custom', values: { ana: '0', bea: '50', cai: '50' } });
    const { shares } = computeOverviewSplit(d, everyone, en);
    expect(overviewBody(d, shares!, en)).toMatchObject({
      expense_type: 'shared',
      amount: '100.00',
      participants: [
        { user_id: 'bea', share_amount: '50.00' },
        { user_id: 'cai', share_amount: '50.00' },
      ],
    });
    expect(overviewBody(draft(), computeOverviewSplit(draft(), everyone, en).shares!, en).expense_type).toBe(
      'group',
    );
  });
});

/** The expense the server answers for an overview body: the split it stores (the body's, in cents) and its shares. */
function answered(body: ExpenseBodyInput, shares: Array<{ user_id: string; cents: number }>): Expense {
  const parsed = expenseBodySchema.parse(body);
  const split = parsed.split!;
  const stored: StoredSplit =
    split.method === 'personal'
      ? { method: 'personal', people: [{ user_id: parsed.paid_by, weight: null }] }
      : split.method === 'equal'
        ? { method: 'equal', people: split.people.map((p) => ({ user_id: p.user_id, weight: null })) }
        : split.method === 'percent'
          ? {
              method: 'percent',
              people: split.people.map((p) => ({ user_id: p.user_id, weight: p.percent })),
            }
          : split.method === 'custom'
            ? {
                method: 'custom',
                people: split.people.map((p) => ({ user_id: p.user_id, weight: p.amount })),
              }
            : {
                method: 'by_shares',
                people: split.people.map((p) => ({ user_id: p.user_id, weight: p.shares ?? 1 })),
              };
  return {
    id: 'e1',
    trip_id: 't1',
    title: parsed.title,
    description: 'Kept description',
    amount_cents: parsed.amount,
    amount: parsed.amount / 100,
    expense_date: parsed.expense_date,
    category: parsed.category,
    expense_type: parsed.expense_type,
    paid_by: parsed.paid_by,
    paid_by_name: 'Ana',
    payers: parsed.payers.map((p) => ({
      user_id: p.user_id,
      first_name: p.user_id,
      last_name: '',
      amount_cents: p.amount,
      amount: p.amount / 100,
    })),
    participants: shares
      .filter((s) => s.cents > 0)
      .map((s) => ({
        user_id: s.user_id,
        first_name: s.user_id,
        last_name: '',
        share_cents: s.cents,
        share_amount: s.cents / 100,
      })),
    split: expenseSplitOf(stored),
    created_by: parsed.paid_by,
    created_at: '2027-04-11T10:00:00.000Z',
    updated_at: '2027-04-11T10:00:00.000Z',
    receipt: null,
  };
}

describe('overviewDraftFromExpense', () => {
  it('sends the split as decided beside its shares', () => {
    const d = draft({
      method: 'percent',
      scope: 'selected',
      selected: ['ana', 'cai'],
      values: { ana: '25', cai: '75' },
    });
    expect(overviewBody(d, computeOverviewSplit(d, everyone, en).shares!, en)).toMatchObject({
      split: {
        method: 'percent',
        people: [
          { user_id: 'ana', percent: 25 },
          { user_id: 'cai', percent: 75 },
        ],
      },
      participants: [
        { user_id: 'ana', share_amount: '25.00' },
        { user_id: 'cai', share_amount: '75.00' },
      ],
    });
  });

  it('prefills any expense the overview made so that saving it unchanged sends the same split and shares', () => {
    const drafts = fc.record({
      amount: fc.integer({ min: 1, max: 1_000_000 }).map((c) => (c / 100).toFixed(2)),
      paid_by: fc.constantFrom(...everyone),
      method: fc.constantFrom('equal' as const, 'custom' as const, 'percent' as const),
      scope: fc.constantFrom('all' as const, 'selected' as const),
      selected: fc.subarray(everyone, { minLength: 1 }),
      include_payer: fc.boolean(),
      weights: fc.array(fc.integer({ min: 0, max: 100 }), { minLength: 3, maxLength: 3 }),
    });
    fc.assert(
      fc.property(drafts, ({ weights, ...picked }) => {
        const base = draft(picked);
        const people = splitPeople(base, everyone);
        // Custom amounts that add up: the weights' share of the total, the rest on the last person.
        const total = Math.round(Number(picked.amount) * 100);
        const sum = people.reduce((acc, _id, i) => acc + (weights[i] ?? 0), 0) || 1;
        const amounts = people.map((_id, i) => Math.floor((total * (weights[i] ?? 0)) / sum));
        if (amounts.length) amounts[amounts.length - 1]! += total - amounts.reduce((a, b) => a + b, 0);
        const values = Object.fromEntries(
          people.map((id, i) => [
            id,
            picked.method === 'custom' ? (amounts[i]! / 100).toFixed(2) : String(weights[i] ?? 0),
          ]),
        );
        const first = { ...base, values };
        const computed = computeOverviewSplit(first, everyone, en);
        if (!computed.shares) return;
        const body = overviewBody(first, computed.shares, en);
        const expense = answered(body, computed.shares);
        const again = overviewDraftFromExpense(expense, everyone, en);
        const recomputed = computeOverviewSplit(again, everyone, en);
        expect(recomputed.shares?.filter((s) => s.cents > 0)).toEqual(
          computed.shares.filter((s) => s.cents > 0),
        );
        const resent = overviewBody(again, recomputed.shares!, en);
        expect(expenseBodySchema.parse(resent).split).toEqual(expenseBodySchema.parse(body).split);
        expect(resent.description).toBe('Kept description');
      }),
    );
  });

  it('prefills percentages with the locale decimal comma, so a de-DE edit saved unchanged keeps 33,5 %', () => {
    const typed = draft({ amount: '100', method: 'percent', values: { ana: '33,5', bea: '66,5' } });
    const { shares } = computeOverviewSplit(typed, everyone, 'de-DE');
    const again = overviewDraftFromExpense(
      answered(overviewBody(typed, shares!, 'de-DE'), shares!),
      everyone,
      'de-DE',
    );
    expect(again.values).toMatchObject({ ana: '33,5', bea: '66,5' });
    expect(computeOverviewSplit(again, everyone, 'de-DE').shares).toEqual(shares);
  });

  it('prefills a by-shares expense as equal by weight with its stored shares, so saving it keeps every share', () => {
    const equal = draft({ amount: '60' });
    const base = answered(overviewBody(equal, computeOverviewSplit(equal, everyone, en).shares!, en), [
      { user_id: 'ana', cents: 4000 },
      { user_id: 'bea', cents: 1000 },
      { user_id: 'cai', cents: 1000 },
    ]);
    const again = overviewDraftFromExpense(
      {
        ...base,
        split: expenseSplitOf({
          method: 'by_shares',
          people: [
            { user_id: 'ana', weight: 4 },
            { user_id: 'bea', weight: 1 },
            { user_id: 'cai', weight: 1 },
          ],
        }),
      },
      everyone,
      en,
    );
    expect(again).toMatchObject({ method: 'equal', scope: 'all', weights: { ana: 4, bea: 1, cai: 1 } });
    const { shares } = computeOverviewSplit(again, everyone, en);
    expect(shares).toEqual([
      { user_id: 'ana', cents: 4000 },
      { user_id: 'bea', cents: 1000 },
      { user_id: 'cai', cents: 1000 },
    ]);
    expect(overviewBody(again, shares!, en)).toMatchObject({
      expense_type: 'shared',
      split: {
        method: 'by_shares',
        people: [
          { user_id: 'ana', shares: 4 },
          { user_id: 'bea', shares: 1 },
          { user_id: 'cai', shares: 1 },
        ],
      },
    });
  });

  it('splits equally by weight to the minor unit, and an edit saved unchanged sends the same split', () => {
    const drafts = fc.record({
      amount: fc.integer({ min: 1, max: 1_000_000 }).map((c) => (c / 100).toFixed(2)),
      selected: fc.subarray(everyone, { minLength: 1 }),
      include_payer: fc.boolean(),
      weights: fc.tuple(...everyone.map(() => fc.integer({ min: 1, max: 99 }))),
    });
    fc.assert(
      fc.property(drafts, ({ weights, ...picked }) => {
        const typed = draft({
          ...picked,
          scope: 'selected',
          weights: Object.fromEntries(everyone.map((id, i) => [id, weights[i]!])),
        });
        const computed = computeOverviewSplit(typed, everyone, en);
        if (!computed.shares) return;
        const total = Math.round(Number(picked.amount) * 100);
        expect(computed.shares.reduce((sum, s) => sum + s.cents, 0)).toBe(total);
        const body = overviewBody(typed, computed.shares, en);
        const again = overviewDraftFromExpense(answered(body, computed.shares), everyone, en);
        expect(computeOverviewSplit(again, everyone, en).shares).toEqual(computed.shares);
        expect(expenseBodySchema.parse(overviewBody(again, computed.shares, en)).split).toEqual(
          expenseBodySchema.parse(body).split,
        );
      }),
    );
  });

  it('prefills a personal or trip-page expense as the people it was decided for', () => {
    const personal = overviewDraftFromExpense(
      {
        ...answered(overviewBody(draft(), computeOverviewSplit(draft(), everyone, en).shares!, en), []),
        paid_by: 'bea',
        split: {
          method: 'personal',
          people: [{ user_id: 'bea', amount_cents: null, amount: null, percent: null }],
        },
      },
      everyone,
      en,
    );
    expect(personal).toMatchObject({
      method: 'equal',
      scope: 'selected',
      selected: ['bea'],
      include_payer: true,
    });
    const othersOnly = overviewDraftFromExpense(
      {
        ...answered(overviewBody(draft(), computeOverviewSplit(draft(), everyone, en).shares!, en), []),
        split: expenseSplitOf({
          method: 'custom',
          people: [
            { user_id: 'bea', weight: 4000 },
            { user_id: 'cai', weight: 6000 },
          ],
        }),
      },
      everyone,
      en,
    );
    expect(othersOnly).toMatchObject({
      method: 'custom',
      scope: 'all',
      include_payer: false,
      values: { bea: '40.00', cai: '60.00' },
    });
  });
});

describe('several payers on the overview', () => {
  const several = (paid: Record<string, string>) => draft({ several_payers: true, paid, amount: '90.01' });

  it('stays unsaveable until the parts add up to the amount, then sends them with paid_by first', () => {
    expect(computeOverviewSplit(several({ ana: '60' }), everyone, en).error).toBe(
      'What each person paid must add up to the amount exactly',
    );
    expect(computeOverviewSplit(several({}), everyone, en).error).toBe('Enter what each person paid');
    const paid = several({ bea: '30.01', ana: '60' });
    const computed = computeOverviewSplit(paid, everyone, en);
    expect(computed.error).toBeNull();
    const body = overviewBody(paid, computed.shares!, en);
    expect(body).toMatchObject({
      paid_by: 'ana',
      payers: [
        { user_id: 'ana', amount: '60.00' },
        { user_id: 'bea', amount: '30.01' },
      ],
    });
    expect(expenseBodySchema.safeParse(body).success).toBe(true);
    // Answered and reopened for an edit: the same parts, in the locale.
    const reopened = overviewDraftFromExpense(answered(body, computed.shares!), everyone, 'de-DE');
    expect(reopened).toMatchObject({ several_payers: true, paid: { ana: '60,00', bea: '30,01' } });
  });
});

const line = (name: string, amount: string, people: string[] = []) => ({
  name,
  amount,
  quantity: '',
  people,
  shares: {},
});
const dinner: ItemizedDraft = {
  items: [line('Suppe', '4,50', ['ana']), line('Steak', '18,00', ['bea', 'cai'])],
  extras: { tax: '', service: '1,00', tip: '2,50' },
  extras_by: 'proportional',
};

describe('readItemizedDraft', () => {
  it('reads the lines in the locale and shows what is still unassigned, to the minor unit', () => {
    const unassigned = (draft: ItemizedDraft, total: number) => {
      const read = readItemizedDraft(draft, total, 'de-DE', 2);
      return [read.unassigned, read.error];
    };
    expect(unassigned(dinner, 2600)).toEqual([0, null]);
    expect(unassigned(dinner, 2700)).toEqual([100, ITEMIZED_MESSAGES.leftover]);
    expect(unassigned(dinner, 2500)).toEqual([-100, ITEMIZED_MESSAGES.over]);
    // A line nobody has had yet counts as unassigned.
    const open = { ...dinner, items: [...dinner.items, line('Wein', '12', [])] };
    expect(unassigned(open, 3800)).toEqual([1200, ITEMIZED_MESSAGES.assign]);
    expect(unassigned({ ...dinner, items: [line('Suppe', '4,5x', ['ana'])] }, 800)[1]).toBe(
      ITEMIZED_MESSAGES.itemAmount,
    );
    expect(unassigned(emptyItemizedDraft(), 800)[1]).toBe(ITEMIZED_MESSAGES.noItems);
  });

  it('gives each person their items plus their part of tax and tip, which the server decides the same', () => {
    const read = readItemizedDraft(dinner, 2600, 'de-DE', 2);
    expect(read.people.map((p) => [p.user_id, p.total])).toEqual([
      ['ana', 520],
      ['bea', 1040],
      ['cai', 1040],
    ]);
    const parsed = expenseBodySchema.parse({
      title: 'Abendessen',
      amount: '26.00',
      currency: 'EUR',
      expense_date: '2027-04-11',
      paid_by: 'ana',
      split: itemizedBody(read.split!, 2),
    });
    expect(parsed.split).toEqual({
      method: 'custom',
      people: read.people.map((p) => ({ user_id: p.user_id, amount: p.total })),
    });
  });

  it('taps people in and out of a line', () => {
    const tapped = togglePerson(togglePerson(line('Wine', '9'), 'ana'), 'bea');
    expect(tapped.people).toEqual(['ana', 'bea']);
    expect(togglePerson({ ...tapped, shares: { ana: 2 } }, 'ana')).toMatchObject({
      people: ['bea'],
      shares: {},
    });
  });
});

describe('the itemized split on both screens', () => {
  const stored = {
    items: [
      { name: 'Soup', amount: 450, quantity: null, people: [{ user_id: 'ana', shares: 1 }] },
      {
        name: 'Wine',
        amount: 3000,
        quantity: 2,
        people: [
          { user_id: 'bea', shares: 1 },
          { user_id: 'cai', shares: 2 },
        ],
      },
    ],
    extras: [{ kind: 'tip' as const, amount: 350 }],
    extras_by: 'equal' as const,
  };
  const view = itemizedView(stored, 'EUR');
  const expense = {
    id: 'e1',
    trip_id: 't1',
    title: 'Dinner',
    description: '',
    amount_cents: 4150,
    amount: 41.5,
    currency: 'EUR',
    original_amount_minor: 3800,
    original_amount: 38,
    rate: '1.0921',
    rate_source: 'member',
    rate_date: '2027-04-11',
    expense_date: '2027-04-11',
    category: 'food',
    expense_type: 'shared',
    paid_by: 'ana',
    paid_by_name: 'Ana',
    payers: [{ user_id: 'ana', first_name: 'Ana', last_name: 'S', amount_cents: 4150, amount: 41.5 }],
    participants: [],
    split: { method: 'itemized', itemized: view, people: [] },
    created_by: 'ana',
    created_at: '',
    updated_at: '',
    receipt: null,
  } satisfies Expense;

  it('prefill an edit with the stored lines in the currency paid, shares kept, and send them back unchanged', () => {
    const draft = itemizedDraftFromView(view, 'en-US', 2);
    expect(draft).toEqual({
      items: [
        { name: 'Soup', amount: '4.50', quantity: '', people: ['ana'], shares: {} },
        { name: 'Wine', amount: '30.00', quantity: '2', people: ['bea', 'cai'], shares: { cai: 2 } },
      ],
      extras: { tax: '', service: '', tip: '3.50' },
      extras_by: 'equal',
    });
    const page = splitPageDraftFromExpense(expense, 'en-US', 'USD');
    expect(page).toMatchObject({ amount: '38.00', currency: 'EUR', kept: null, itemized: draft });
    const built = splitPageBody(page, 'en-US');
    expect('body' in built && expenseBodySchema.parse(built.body).itemized).toEqual(stored);

    const overview = overviewDraftFromExpense(expense, ['ana', 'bea', 'cai'], 'en-US', 'USD');
    expect(overview).toMatchObject({ method: 'itemized', itemized: draft });
    const computed = computeOverviewSplit(overview, ['ana', 'bea', 'cai'], 'en-US');
    expect(computed.error).toBeNull();
    const body = overviewBody(overview, computed.shares!, 'en-US');
    expect(body.participants).toBeUndefined();
    expect(expenseBodySchema.parse(body).itemized).toEqual(stored);
  });

  it('refuse to save while something is unassigned, at the field that shows it', () => {
    const page = {
      ...emptySplitPageDraft('2027-04-11', 'ana', 'USD'),
      title: 'Dinner',
      amount: '10',
      itemized: dinner,
    };
    expect(splitPageBody(page, 'de-DE')).toEqual({ error: ITEMIZED_MESSAGES.over, field: 'itemized' });
    const overview = {
      ...emptyOverviewDraft('2027-04-11', 'ana', ['ana', 'bea'], 'USD'),
      title: 'Dinner',
      amount: '30',
      method: 'itemized' as const,
      itemized: dinner,
    };
    expect(computeOverviewSplit(overview, ['ana', 'bea'], 'de-DE')).toEqual({
      shares: null,
      allocatedCents: 2600,
      error: ITEMIZED_MESSAGES.leftover,
    });
  });
});
