import { describe, expect, it } from 'vitest';
import { draftFromExpense, emptyDraft, expenseBodyFromDraft } from './expense-form';
import {
  computeModalSplit,
  emptyModalDraft,
  modalDraftFromExpense,
  modalExpenseBody,
} from './expense-modal-form';
import { itemizedView, expenseBodySchema, type Expense } from '@wayfare/contract';
import {
  ITEMIZED_MESSAGES,
  emptyItemizedDraft,
  itemizedBody,
  itemizedDraftFromView,
  readItemizedDraft,
  togglePerson,
  type ItemizedDraft,
} from './itemized-draft';

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

describe('both forms', () => {
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
    const page = draftFromExpense(expense, 'en-US', 'USD');
    expect(page).toMatchObject({ amount: '38.00', currency: 'EUR', kept: null, itemized: draft });
    const built = expenseBodyFromDraft(page, 'en-US');
    expect('body' in built && expenseBodySchema.parse(built.body).itemized).toEqual(stored);

    const modal = modalDraftFromExpense(expense, ['ana', 'bea', 'cai'], 'en-US', 'USD');
    expect(modal).toMatchObject({ method: 'itemized', itemized: draft });
    const computed = computeModalSplit(modal, ['ana', 'bea', 'cai'], 'en-US');
    expect(computed.error).toBeNull();
    const body = modalExpenseBody(modal, computed.shares!, 'en-US');
    expect(body.participants).toBeUndefined();
    expect(expenseBodySchema.parse(body).itemized).toEqual(stored);
  });

  it('refuse to save while something is unassigned, at the field that shows it', () => {
    const page = {
      ...emptyDraft('2027-04-11', 'ana', 'USD'),
      title: 'Dinner',
      amount: '10',
      itemized: dinner,
    };
    expect(expenseBodyFromDraft(page, 'de-DE')).toEqual({ error: ITEMIZED_MESSAGES.over, field: 'itemized' });
    const modal = {
      ...emptyModalDraft('2027-04-11', 'ana', ['ana', 'bea'], 'USD'),
      title: 'Dinner',
      amount: '30',
      method: 'itemized' as const,
      itemized: dinner,
    };
    expect(computeModalSplit(modal, ['ana', 'bea'], 'de-DE')).toEqual({
      shares: null,
      allocatedCents: 2600,
      error: ITEMIZED_MESSAGES.leftover,
    });
  });
});
