import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { MAX_MINOR, minorToDecimalText, SHARES_EXCEED_AMOUNT, type Expense } from '@wayfare/contract';
import {
  changeSplit,
  describeSplit,
  draftFromExpense,
  emptyDraft,
  expenseBodyFromDraft,
  expenseFormSchema,
  keptSplits,
} from './expense-form';

const en = 'en-US';

describe('expenseBodyFromDraft', () => {
  const draft = { ...emptyDraft('2027-04-11', 'ana'), title: 'Dinner', amount: '100' };

  it('defaults to a food group expense dated today and paid by the signed-in user', () => {
    expect(emptyDraft('2027-04-11', 'ana')).toMatchObject({
      category: 'food',
      expense_type: 'group',
      paid_by: 'ana',
    });
    expect(expenseBodyFromDraft(draft, en)).toEqual({
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
    expect(expenseBodyFromDraft({ ...draft, ...patch }, en)).toMatchObject({ error });
  });

  it('shared (spec §5): drops zeros and the payer, leaves the rest on the payer, refuses more than the total', () => {
    const shared = { ...draft, expense_type: 'shared' as const, amount: '10' };
    const body = (splits: Record<string, string>) => expenseBodyFromDraft({ ...shared, splits }, en);
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
    expect(expenseBodyFromDraft({ ...shared, splits: { bea: '15,38', cai: '0,1' } }, 'de-DE')).toMatchObject({
      body: {
        amount: '1234.56',
        splits: [
          { user_id: 'bea', amount: '15.38' },
          { user_id: 'cai', amount: '0.10' },
        ],
      },
    });
    expect(expenseBodyFromDraft({ ...draft, amount: '15,38' }, 'de-DE')).toMatchObject({
      body: { amount: '15.38' },
    });
    expect(expenseBodyFromDraft({ ...draft, amount: '1,234.50' }, en)).toMatchObject({
      body: { amount: '1234.50' },
    });
    // 15,385 is 15.385 in de-DE: a decimal too many for dollars.
    expect(expenseBodyFromDraft({ ...draft, amount: '15,385' }, 'de-DE')).toEqual({
      error: 'Enter a valid amount: USD has at most 2 decimals',
      field: 'amount',
    });
    expect(expenseBodyFromDraft({ ...shared, splits: { bea: '1,2,3' } }, 'de-DE')).toEqual({
      error: 'Enter amounts in dollars, like 12.50',
      field: 'splits',
    });
  });

  it('says why a positive number with more decimals than its currency has is refused, and only then', () => {
    const refusal = (amount: string, currency?: string, locale = en) =>
      expenseBodyFromDraft({ ...draft, amount, ...(currency && { currency }) }, locale);
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
        expect(expenseBodyFromDraft({ ...draft, amount: `${text}${digit}` }, en)).toEqual({
          error: 'Enter a valid amount: USD has at most 2 decimals',
          field: 'amount',
        });
        expect(expenseBodyFromDraft({ ...draft, amount: text }, en)).toEqual(
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
    const prefilled = draftFromExpense(expense, 'de-DE');
    expect(prefilled).toMatchObject({ amount: '1234,56', splits: { bea: '15,38' } });
    expect(keptSplits({ ...prefilled, amount: '20' }, 'de-DE')).toEqual({ bea: '20,00' });
    expect(describeSplit(expense.split, (id) => id, 'de-DE')).toBe('Custom amounts: bea 15,38 $');
    expect(expenseBodyFromDraft(changeSplit(prefilled, {}), 'de-DE')).toMatchObject({
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
    expect(draftFromExpense(expense, en)).toEqual({
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
    const edit = { ...draftFromExpense(expense, en), title: 'Late tapas', amount: '120' };
    expect(expenseBodyFromDraft(edit, en)).toEqual({
      body: expect.not.objectContaining({ splits: expect.anything() }),
    });
    expect(expenseBodyFromDraft(edit, en)).toMatchObject({
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
    expect(expenseBodyFromDraft(changed, en)).toMatchObject({
      body: { splits: [{ user_id: 'cai', amount: '70.00' }] },
    });
    expect(changeSplit(edit, { paid_by: 'cai' }).kept).toBeNull();
  });
});

describe('several payers', () => {
  const draft = {
    ...emptyDraft('2027-04-11', 'ana'),
    title: 'Dinner',
    amount: '90,01',
    several_payers: true,
  };

  it('sends each part, paid_by (the first payer) first, once they add up to the amount', () => {
    expect(
      expenseBodyFromDraft({ ...draft, paid: { cai: '30,01', ana: '60', bea: '' } }, 'de-DE'),
    ).toMatchObject({
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
    expect(expenseBodyFromDraft({ ...draft, paid }, 'de-DE')).toMatchObject({ error });
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
    expect(draftFromExpense(expense, 'de-DE')).toMatchObject({
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
    const draft = draftFromExpense(expense, 'de-DE', 'USD');
    expect(draft).toMatchObject({ amount: '12345', paid: { ana: '10000', bea: '2345' } });
    expect(expenseBodyFromDraft(draft, 'de-DE')).toMatchObject({
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

describe('expenseFormSchema', () => {
  const schema = expenseFormSchema(en);
  const draft = { ...emptyDraft('2027-04-11', 'ana'), title: 'Dinner', amount: '100' };
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
