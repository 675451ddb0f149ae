import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  EXPENSE_PAGE_DEFAULT,
  SPLIT_METHODS,
  applySplit,
  expenseSplitOf,
  type StoredSplit,
  EXPENSE_PAGE_MAX,
  PROVIDE_IDENTIFIER,
  SHARES_MESSAGE,
  addParticipantBodySchema,
  decodeExpenseCursor,
  encodeExpenseCursor,
  expenseBodySchema,
  expenseListQuerySchema,
} from './ledger';
import { minorToDecimalText } from './money';
import { CHOOSE_PAYER, PAID_BY_FIRST_PAYER, PAYERS_MUST_ADD_UP } from './payers';

const valid = { title: ' Dinner ', amount: '45.5', expense_date: '2027-04-11', paid_by: 'u1' };

describe('expenseBodySchema', () => {
  it('parses dollars to cents once and applies the spec defaults', () => {
    expect(expenseBodySchema.parse(valid)).toEqual({
      title: 'Dinner',
      description: '',
      amount: 4550,
      expense_date: '2027-04-11',
      category: 'food',
      paid_by: 'u1',
      payers: [{ user_id: 'u1', amount: 4550 }],
      expense_type: 'group',
    });
    const withShares = expenseBodySchema.parse({
      ...valid,
      participants: [{ user_id: 'u1', share_amount: 45.5 }],
    });
    expect(withShares.participants).toEqual([{ user_id: 'u1', share_amount: 4550 }]);
  });

  it.each([
    [{ amount: 0 }, 'Enter a valid amount'],
    [{ amount: '-3' }, 'Amount must be a dollar amount with at most 2 decimals'],
    [{ amount: '1.999' }, 'Amount must be a dollar amount with at most 2 decimals'],
    [{ title: '  ' }, 'Title is required'],
    [{ expense_date: '2027-02-30' }, 'That date does not exist'],
    [{ category: 'boats' }, 'Choose a category'],
    [{ expense_type: 'whatever' }, 'Choose how to split'],
    [
      {
        splits: [
          { user_id: 'a', amount: 1 },
          { user_id: 'a', amount: 2 },
        ],
      },
      'Each person may appear only once in a split',
    ],
  ])('rejects %j with "%s"', (patch, message) => {
    const result = expenseBodySchema.safeParse({ ...valid, ...patch });
    expect(result.success).toBe(false);
    expect(result.error?.issues[0]?.message).toBe(message);
  });
});

describe('addParticipantBodySchema', () => {
  it('needs an email or a username', () => {
    expect(addParticipantBodySchema.safeParse({ email: '  ' }).error?.issues[0]?.message).toBe(
      PROVIDE_IDENTIFIER,
    );
    expect(addParticipantBodySchema.parse({ username: ' bea ' })).toEqual({ username: 'bea' });
  });
});

describe('expense list query', () => {
  const at = { expense_date: '2027-04-11', created_at: '2027-04-11T10:00:00.000Z', id: 'trip~ü/é 1' };

  it('round-trips a cursor through an opaque, URL-safe string and defaults the page size', () => {
    const cursor = encodeExpenseCursor(at);
    expect(cursor).toMatch(/^[A-Za-z0-9_-]+$/);
    expect(decodeExpenseCursor(cursor)).toEqual(at);
    expect(expenseListQuerySchema.parse({ cursor, limit: '20' })).toEqual({ cursor: at, limit: 20 });
    expect(expenseListQuerySchema.parse({})).toEqual({ limit: EXPENSE_PAGE_DEFAULT });
  });

  it.each([
    [{ limit: '0' }],
    [{ limit: String(EXPENSE_PAGE_MAX + 1) }],
    [{ limit: '2.5' }],
    [{ cursor: '' }],
    [{ cursor: '%%%' }],
    [{ cursor: encodeExpenseCursor({ ...at, created_at: 'noon' }) }],
    [{ cursor: ['a', 'b'] }],
  ])('rejects %j', (query) => {
    expect(expenseListQuerySchema.safeParse(query).success).toBe(false);
  });
});

describe('applySplit', () => {
  const people = (n: number, weight: (i: number) => number | null) =>
    Array.from({ length: n }, (_, i) => ({ user_id: `u${i}`, weight: weight(i) }));

  it('re-applies any stored split to any total, adding up exactly, the remainder on the last person (property)', () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 1, max: 1_000_000_000 }),
        fc.constantFrom(...SPLIT_METHODS),
        fc.array(fc.integer({ min: 0, max: 100_000 }), { minLength: 1, maxLength: 12 }),
        (total, method, weights) => {
          const split: StoredSplit = {
            method,
            people:
              method === 'personal'
                ? people(1, () => null)
                : people(weights.length, (i) => (method === 'equal' ? null : (weights[i] as number))),
          };
          const shares = applySplit(total, split);
          if (shares === null) {
            // Only custom amounts beyond the total, percentages or shares without a positive total, or itemized
            // totals that are not the total cannot apply.
            expect(
              method === 'custom' ||
                method === 'itemized' ||
                ((method === 'percent' || method === 'by_shares') && weights.every((w) => w === 0)),
            ).toBe(true);
            return;
          }
          expect(shares.reduce((a, b) => a + b, 0)).toBe(total);
          expect(shares.every((s) => Number.isInteger(s) && s >= 0)).toBe(true);
          if (method === 'custom') expect(shares.slice(0, -1)).toEqual(weights.slice(0, -1));
        },
      ),
    );
  });

  it('answers a stored split with dollar amounts beside the cents', () => {
    expect(expenseSplitOf({ method: 'custom', people: [{ user_id: 'u1', weight: 1250 }] }).people).toEqual([
      { user_id: 'u1', amount_cents: 1250, amount: 12.5, percent: null },
    ]);
    expect(expenseSplitOf({ method: 'percent', people: [{ user_id: 'u1', weight: 40 }] }).people).toEqual([
      { user_id: 'u1', amount_cents: null, amount: null, percent: 40 },
    ]);
    expect(expenseSplitOf({ method: 'by_shares', people: [{ user_id: 'u1', weight: 4 }] }).people).toEqual([
      { user_id: 'u1', amount_cents: null, amount: null, percent: null, shares: 4 },
    ]);
  });
});

describe('expenseBodySchema payers', () => {
  const parse = (patch: object) => expenseBodySchema.safeParse({ ...valid, paid_by: undefined, ...patch });

  it('parses each part to cents, keeps their order and answers paid_by as the first payer', () => {
    const result = parse({
      payers: [
        { user_id: 'u2', amount: '30.5' },
        { user_id: 'u1', amount: 15 },
      ],
    });
    expect(result.data).toMatchObject({
      paid_by: 'u2',
      payers: [
        { user_id: 'u2', amount: 3050 },
        { user_id: 'u1', amount: 1500 },
      ],
    });
    expect(parse({ paid_by: 'u2', payers: [{ user_id: 'u2', amount: '45.50' }] }).success).toBe(true);
  });

  it('turns any split of the amount into parts that add up to it exactly, and nothing else', () => {
    fc.assert(
      fc.property(
        fc.array(fc.integer({ min: 1, max: 100_000 }), { minLength: 1, maxLength: 6 }),
        fc.integer({ min: -2, max: 2 }),
        (parts, off) => {
          const total = parts.reduce((a, b) => a + b, 0);
          const result = expenseBodySchema.safeParse({
            ...valid,
            paid_by: undefined,
            amount: minorToDecimalText(total + off, 2),
            payers: parts.map((cents, i) => ({ user_id: `u${i}`, amount: minorToDecimalText(cents, 2) })),
          });
          if (off === 0 || total + off <= 0) {
            expect(result.success).toBe(off === 0);
            if (result.success) expect(result.data.payers.map((p) => p.amount)).toEqual(parts);
          } else {
            expect(result.error?.issues[0]?.message).toBe(PAYERS_MUST_ADD_UP);
          }
        },
      ),
    );
  });

  it.each([
    [{ payers: [] }, CHOOSE_PAYER],
    [{}, CHOOSE_PAYER],
    [{ payers: [{ user_id: 'u1', amount: 45.5 }], paid_by: 'u2' }, PAID_BY_FIRST_PAYER],
    [
      {
        payers: [
          { user_id: 'u1', amount: 45.5 },
          { user_id: 'u2', amount: 0 },
        ],
      },
      'Enter a valid amount',
    ],
    [
      {
        payers: [
          { user_id: 'u1', amount: 20 },
          { user_id: 'u1', amount: 25.5 },
        ],
      },
      'Each person may appear only once among the payers',
    ],
    [
      { payers: [{ user_id: 'u1', amount: '45.505' }] },
      'What each person paid must be a dollar amount with at most 2 decimals',
    ],
  ])('rejects %j with "%s"', (patch, message) => {
    const result = parse(patch);
    expect(result.success).toBe(false);
    expect(result.error?.issues[0]?.message).toBe(message);
  });
});

describe('expenseBodySchema split', () => {
  it('parses the modal split to cents and refuses repeated people or an unknown method', () => {
    const split = (value: unknown) => expenseBodySchema.safeParse({ ...valid, split: value });
    expect(split({ method: 'custom', people: [{ user_id: 'u1', amount: '45.50' }] }).data?.split).toEqual({
      method: 'custom',
      people: [{ user_id: 'u1', amount: 4550 }],
    });
    expect(split({ method: 'personal' }).data?.split).toEqual({ method: 'personal' });
    const twice = split({ method: 'equal', people: [{ user_id: 'u1' }, { user_id: 'u1' }] });
    expect(twice.error?.issues[0]?.message).toBe('Each person may appear only once in a split');
    expect(split({ method: 'halves', people: [] }).error?.issues[0]?.message).toBe('Choose how to split');
    expect(split({ method: 'percent', people: [{ user_id: 'u1', percent: -5 }] }).success).toBe(false);
    const shares = (value: unknown) =>
      split({ method: 'by_shares', people: [{ user_id: 'u1', shares: value }] }).error?.issues[0]?.message;
    expect(
      split({ method: 'by_shares', people: [{ user_id: 'u1' }, { user_id: 'u2', shares: 4 }] }).data?.split,
    ).toEqual({ method: 'by_shares', people: [{ user_id: 'u1' }, { user_id: 'u2', shares: 4 }] });
    for (const bad of [0, 100, 2.5, '3', null]) expect(shares(bad)).toBe(SHARES_MESSAGE);
  });
});
