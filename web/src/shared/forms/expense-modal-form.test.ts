import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  expenseBodySchema,
  expenseSplitOf,
  type Expense,
  type ExpenseBodyInput,
  type StoredSplit,
} from '@wayfare/contract';
import {
  MODAL_MESSAGES,
  computeModalSplit,
  modalDraftFromExpense,
  modalExpenseBody,
  splitPeople,
  type ModalDraft,
} from './expense-modal-form';

const en = 'en-US';

const everyone = ['ana', 'bea', 'cai'];
const draft = (patch: Partial<ModalDraft> = {}): ModalDraft => ({
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
const cents = (d: ModalDraft) => computeModalSplit(d, everyone, en).shares?.map((s) => [s.user_id, s.cents]);

describe('computeModalSplit', () => {
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
    const short = computeModalSplit(
      draft({ method: 'custom', values: { ana: '40', bea: '40' } }),
      everyone,
      en,
    );
    expect(short).toEqual({ shares: null, allocatedCents: 8000, error: MODAL_MESSAGES.notAddingUp });
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
    expect(computeModalSplit(draft(patch as Partial<ModalDraft>), everyone, en).error).toBe(message);
  });

  it('always sums to the total exactly when it accepts a split', () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 1, max: 10_000_000 }),
        fc.constantFrom<ModalDraft['method']>('equal', 'percent', 'custom'),
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
          const result = computeModalSplit(
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

describe('amounts typed in the locale', () => {
  it('reads a decimal comma in amounts, custom amounts and percentages, and sends exact dollars', () => {
    const d = draft({ amount: '15,38', method: 'custom', values: { ana: '5,38', bea: '10', cai: '' } });
    const computed = computeModalSplit(d, everyone, 'de-DE');
    expect(computed.error).toBeNull();
    expect(modalExpenseBody(d, computed.shares!, 'de-DE')).toMatchObject({
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
      modalExpenseBody(percent, computeModalSplit(percent, everyone, 'de-DE').shares!, 'de-DE'),
    ).toMatchObject({
      split: { people: [{ percent: 33.5 }, { percent: 66.5 }, { percent: 0 }] },
    });
    // 15,385 is 15.385 in de-DE: the expense form's rule, a decimal too many says why.
    expect(computeModalSplit(draft({ amount: '15,385' }), everyone, 'de-DE').error).toBe(
      `${MODAL_MESSAGES.amount}: USD has at most 2 decimals`,
    );
    expect(computeModalSplit(draft({ amount: '12345.5', currency: 'JPY' }), everyone, en).error).toBe(
      'Enter a valid amount: JPY has no decimals',
    );
    expect(
      computeModalSplit(draft({ method: 'custom', values: { ana: 'x' } }), everyone, 'de-DE').error,
    ).toBe(MODAL_MESSAGES.custom);
  });
});

describe('modalExpenseBody', () => {
  it('sends explicit shares without zeros, as group only for an equal split among everyone', () => {
    const d = draft({ method: 'custom', values: { ana: '0', bea: '50', cai: '50' } });
    const { shares } = computeModalSplit(d, everyone, en);
    expect(modalExpenseBody(d, shares!, en)).toMatchObject({
      expense_type: 'shared',
      amount: '100.00',
      participants: [
        { user_id: 'bea', share_amount: '50.00' },
        { user_id: 'cai', share_amount: '50.00' },
      ],
    });
    expect(modalExpenseBody(draft(), computeModalSplit(draft(), everyone, en).shares!, en).expense_type).toBe(
      'group',
    );
  });
});

/** The expense the server answers for a modal body: the split it stores (the body's, in cents) and its shares. */
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
          : { method: 'custom', people: split.people.map((p) => ({ user_id: p.user_id, weight: p.amount })) };
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

describe('modalDraftFromExpense', () => {
  it('sends the split as decided beside its shares', () => {
    const d = draft({
      method: 'percent',
      scope: 'selected',
      selected: ['ana', 'cai'],
      values: { ana: '25', cai: '75' },
    });
    expect(modalExpenseBody(d, computeModalSplit(d, everyone, en).shares!, en)).toMatchObject({
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

  it('prefills any expense the modal made so that saving it unchanged sends the same split and shares', () => {
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
        const computed = computeModalSplit(first, everyone, en);
        if (!computed.shares) return;
        const body = modalExpenseBody(first, computed.shares, en);
        const expense = answered(body, computed.shares);
        const again = modalDraftFromExpense(expense, everyone, en);
        const recomputed = computeModalSplit(again, everyone, en);
        expect(recomputed.shares?.filter((s) => s.cents > 0)).toEqual(
          computed.shares.filter((s) => s.cents > 0),
        );
        const resent = modalExpenseBody(again, recomputed.shares!, en);
        expect(expenseBodySchema.parse(resent).split).toEqual(expenseBodySchema.parse(body).split);
        expect(resent.description).toBe('Kept description');
      }),
    );
  });

  it('prefills percentages with the locale decimal comma, so a de-DE edit saved unchanged keeps 33,5 %', () => {
    const typed = draft({ amount: '100', method: 'percent', values: { ana: '33,5', bea: '66,5' } });
    const { shares } = computeModalSplit(typed, everyone, 'de-DE');
    const again = modalDraftFromExpense(
      answered(modalExpenseBody(typed, shares!, 'de-DE'), shares!),
      everyone,
      'de-DE',
    );
    expect(again.values).toMatchObject({ ana: '33,5', bea: '66,5' });
    expect(computeModalSplit(again, everyone, 'de-DE').shares).toEqual(shares);
  });

  it('prefills a personal or trip-page expense as the people it was decided for', () => {
    const personal = modalDraftFromExpense(
      {
        ...answered(modalExpenseBody(draft(), computeModalSplit(draft(), everyone, en).shares!, en), []),
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
    const othersOnly = modalDraftFromExpense(
      {
        ...answered(modalExpenseBody(draft(), computeModalSplit(draft(), everyone, en).shares!, en), []),
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

describe('several payers in the modal', () => {
  const several = (paid: Record<string, string>) => draft({ several_payers: true, paid, amount: '90.01' });

  it('stays unsaveable until the parts add up to the amount, then sends them with paid_by first', () => {
    expect(computeModalSplit(several({ ana: '60' }), everyone, en).error).toBe(
      'What each person paid must add up to the amount exactly',
    );
    expect(computeModalSplit(several({}), everyone, en).error).toBe('Enter what each person paid');
    const paid = several({ bea: '30.01', ana: '60' });
    const computed = computeModalSplit(paid, everyone, en);
    expect(computed.error).toBeNull();
    const body = modalExpenseBody(paid, computed.shares!, en);
    expect(body).toMatchObject({
      paid_by: 'ana',
      payers: [
        { user_id: 'ana', amount: '60.00' },
        { user_id: 'bea', amount: '30.01' },
      ],
    });
    expect(expenseBodySchema.safeParse(body).success).toBe(true);
    // Answered and reopened for an edit: the same parts, in the locale.
    const reopened = modalDraftFromExpense(answered(body, computed.shares!), everyone, 'de-DE');
    expect(reopened).toMatchObject({ several_payers: true, paid: { ana: '60,00', bea: '30,01' } });
  });
});
