import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  itemizedView,
  leftoverMessage,
  leftoverOf,
  proportionalParts,
  splitItemized,
  type ItemizedSplit,
} from './itemized';
import { MAX_MINOR, sumMinor } from './money';
import { applySplit, expenseBodySchema, expenseSplitOf } from './ledger';

const PEOPLE = ['ana', 'ben', 'cai', 'dee', 'eli'];

const itemArb = fc.record({
  name: fc.constantFrom('Soup', 'Steak', 'Wine', 'Bread'),
  amount: fc.integer({ min: 1, max: 5_000_000 }),
  quantity: fc.option(fc.integer({ min: 1, max: 9 }), { nil: null }),
  people: fc
    .uniqueArray(fc.constantFrom(...PEOPLE), { minLength: 1, maxLength: PEOPLE.length })
    .chain((ids) =>
      fc.tuple(
        ...ids.map((user_id) =>
          fc.record({ user_id: fc.constant(user_id), shares: fc.integer({ min: 1, max: 5 }) }),
        ),
      ),
    ),
});

const splitArb: fc.Arbitrary<ItemizedSplit> = fc.record({
  items: fc.array(itemArb, { minLength: 1, maxLength: 8 }),
  extras: fc.array(
    fc.record({
      kind: fc.constantFrom('tax' as const, 'service' as const, 'tip' as const),
      amount: fc.integer({ min: 0, max: 2_000_000 }),
    }),
    { maxLength: 3 },
  ),
  extras_by: fc.constantFrom('proportional' as const, 'equal' as const),
});

const totalOf = (split: ItemizedSplit) =>
  sumMinor(split.items.map((i) => i.amount)) + sumMinor(split.extras.map((e) => e.amount));

describe('splitItemized', () => {
  it("shares always add up to the items and extras, and each item's parts to its amount", () => {
    fc.assert(
      fc.property(splitArb, (split) => {
        const outcome = splitItemized(split);
        expect(outcome).not.toBeNull();
        const { parts, people } = outcome!;
        expect(sumMinor(people.map((p) => p.total))).toBe(totalOf(split));
        split.items.forEach((item, i) => expect(sumMinor(parts[i]!)).toBe(item.amount));
        expect(sumMinor(people.map((p) => p.extras))).toBe(sumMinor(split.extras.map((e) => e.amount)));
        for (const p of people) {
          expect(p.total).toBe(p.items + p.extras);
          expect(p.items).toBe(
            sumMinor(
              split.items.flatMap((item, i) =>
                item.people.flatMap((q, j) => (q.user_id === p.user_id ? [parts[i]![j]!] : [])),
              ),
            ),
          );
        }
      }),
    );
  });

  it("an item's people pay exactly its amount plus their proportional extras (floored, the rest on the last)", () => {
    fc.assert(
      fc.property(splitArb, (split) => {
        const { people } = splitItemized({ ...split, extras_by: 'proportional' })!;
        const extras = BigInt(sumMinor(split.extras.map((e) => e.amount)));
        const items = BigInt(sumMinor(people.map((p) => p.items)));
        people.slice(0, -1).forEach((p) => {
          expect(BigInt(p.extras)).toBe((extras * BigInt(p.items)) / items);
        });
        // The last person's part is their exact proportion plus less than one unit per person before them.
        const last = people[people.length - 1]!;
        const exact = (extras * BigInt(last.items)) / items;
        expect(BigInt(last.extras) - exact).toBeGreaterThanOrEqual(0n);
        expect(BigInt(last.extras) - exact).toBeLessThanOrEqual(BigInt(people.length));
      }),
    );
  });

  it('spreads the extras equally when asked, the remainder on the last person', () => {
    const split: ItemizedSplit = {
      items: [
        { name: 'Soup', amount: 450, quantity: null, people: [{ user_id: 'ana', shares: 1 }] },
        { name: 'Steak', amount: 2200, quantity: 1, people: [{ user_id: 'ben', shares: 1 }] },
        {
          name: 'Wine',
          amount: 3000,
          quantity: 1,
          people: [
            { user_id: 'ana', shares: 1 },
            { user_id: 'cai', shares: 2 },
          ],
        },
      ],
      extras: [{ kind: 'tip', amount: 100 }],
      extras_by: 'equal',
    };
    expect(splitItemized(split)!.people).toEqual([
      { user_id: 'ana', items: 1450, extras: 33, total: 1483 },
      { user_id: 'ben', items: 2200, extras: 33, total: 2233 },
      { user_id: 'cai', items: 2000, extras: 34, total: 2034 },
    ]);
  });

  it('puts tax and tip in proportion to what each person had: "I only had the soup"', () => {
    const split: ItemizedSplit = {
      items: [
        { name: 'Soup', amount: 500, quantity: null, people: [{ user_id: 'ana', shares: 1 }] },
        { name: 'Steak', amount: 1500, quantity: null, people: [{ user_id: 'ben', shares: 1 }] },
      ],
      extras: [
        { kind: 'tax', amount: 200 },
        { kind: 'tip', amount: 300 },
      ],
      extras_by: 'proportional',
    };
    expect(splitItemized(split)!.people.map((p) => [p.user_id, p.extras, p.total])).toEqual([
      ['ana', 125, 625],
      ['ben', 375, 1875],
    ]);
  });

  it('stays exact where a product passes 2^53', () => {
    expect(proportionalParts(MAX_MINOR, [MAX_MINOR - 1, 1, MAX_MINOR])).toEqual([
      499_999_999, 0, 500_000_001,
    ]);
    expect(proportionalParts(10, [0, 0])).toBeNull();
    expect(proportionalParts(10, [1.5])).toBeNull();
  });

  it('refuses an item without anyone', () => {
    expect(
      splitItemized({
        items: [{ name: 'x', amount: 1, quantity: null, people: [] }],
        extras: [],
        extras_by: 'equal',
      }),
    ).toBeNull();
  });
});

describe('leftover', () => {
  const split: ItemizedSplit = {
    items: [{ name: 'Soup', amount: 450, quantity: null, people: [{ user_id: 'ana', shares: 1 }] }],
    extras: [{ kind: 'tax', amount: 50 }],
    extras_by: 'proportional',
  };
  it('is what the items and extras leave of the total, in words for the reject', () => {
    expect(leftoverOf(split, 800)).toBe(300);
    expect(leftoverOf(split, 400)).toBe(-100);
    expect(leftoverMessage(300, 'EUR')).toBe(
      'Assign the 3 EUR left between the items and the total before saving',
    );
    expect(leftoverMessage(-100, 'JPY')).toBe('The items and extras come to 100 JPY more than the total');
  });
});

describe('expenseBodySchema with an itemized split', () => {
  const body = {
    title: 'Dinner',
    amount: '26.50',
    currency: 'EUR',
    expense_date: '2026-05-01',
    paid_by: 'ana',
    split: {
      method: 'itemized',
      items: [
        { name: 'Soup', amount: '4.50', people: [{ user_id: 'ana' }] },
        {
          name: 'Steak',
          amount: '18',
          quantity: 1,
          people: [{ user_id: 'ben' }, { user_id: 'cai', shares: 3 }],
        },
      ],
      extras: [{ kind: 'tip', amount: '4' }],
    },
  };

  it('reads the items in minor units and decides each person’s total as custom amounts', () => {
    const parsed = expenseBodySchema.parse(body);
    expect(parsed.itemized).toEqual({
      items: [
        { name: 'Soup', amount: 450, quantity: null, people: [{ user_id: 'ana', shares: 1 }] },
        {
          name: 'Steak',
          amount: 1800,
          quantity: 1,
          people: [
            { user_id: 'ben', shares: 1 },
            { user_id: 'cai', shares: 3 },
          ],
        },
      ],
      extras: [{ kind: 'tip', amount: 400 }],
      extras_by: 'proportional',
    });
    // Tip 4.00 over items 4.50 / 4.50 / 13.50: 0.80, 0.80, 2.40.
    expect(parsed.split).toEqual({
      method: 'custom',
      people: [
        { user_id: 'ana', amount: 530 },
        { user_id: 'ben', amount: 530 },
        { user_id: 'cai', amount: 1590 },
      ],
    });
  });

  it('refuses a leftover, an item without people, and more decimals than the currency has', () => {
    const issue = (input: unknown) => expenseBodySchema.safeParse(input).error?.issues[0]?.message;
    expect(issue({ ...body, amount: '30' })).toBe(
      'Assign the 3.5 EUR left between the items and the total before saving',
    );
    expect(
      issue({ ...body, split: { ...body.split, items: [{ name: 'Soup', amount: '22.50', people: [] }] } }),
    ).toBe('Assign every item to at least one person');
    expect(issue({ ...body, currency: 'JPY', amount: '2650' })).toBe(
      'Each item must be an amount in JPY with at most 0 decimals',
    );
  });

  it('is what the answer shows, with each item’s parts and each person’s extras', () => {
    const parsed = expenseBodySchema.parse(body);
    const people = parsed.split!.method === 'custom' ? parsed.split!.people : [];
    const stored = {
      method: 'itemized' as const,
      people: people.map((p) => ({ user_id: p.user_id, weight: p.amount })),
      itemized: { ...parsed.itemized!, currency: 'EUR' },
    };
    expect(applySplit(2650, stored)).toEqual([530, 530, 1590]);
    expect(applySplit(2700, stored)).toBeNull();
    const view = expenseSplitOf(stored, 'USD');
    expect(view.people[2]).toEqual({ user_id: 'cai', amount_cents: 1590, amount: 15.9, percent: null });
    expect(view.itemized).toEqual(itemizedView(stored.itemized, 'EUR'));
    expect(view.itemized!.items[1]!.people.map((p) => p.part_minor)).toEqual([450, 1350]);
    expect(view.itemized!.people.map((p) => [p.items_minor, p.extras_minor])).toEqual([
      [450, 80],
      [450, 80],
      [1350, 240],
    ]);
  });
});
