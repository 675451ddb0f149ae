import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  MODAL_MESSAGES,
  computeModalSplit,
  modalExpenseBody,
  splitPeople,
  type ModalDraft,
} from './modalSplit';

const everyone = ['ana', 'bea', 'cai'];
const draft = (patch: Partial<ModalDraft> = {}): ModalDraft => ({
  title: 'Dinner',
  amount: '100',
  paid_by: 'ana',
  category: 'food',
  expense_date: '2027-04-11',
  method: 'equal',
  scope: 'all',
  selected: everyone,
  include_payer: true,
  values: {},
  ...patch,
});
const cents = (d: ModalDraft) => computeModalSplit(d, everyone).shares?.map((s) => [s.user_id, s.cents]);

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
    const short = computeModalSplit(draft({ method: 'custom', values: { ana: '40', bea: '40' } }), everyone);
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
    expect(computeModalSplit(draft(patch as Partial<ModalDraft>), everyone).error).toBe(message);
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
          );
          if (result.shares) expect(result.shares.reduce((s, x) => s + x.cents, 0)).toBe(total);
        },
      ),
    );
  });
});

describe('modalExpenseBody', () => {
  it('sends explicit shares without zeros, as group only for an equal split among everyone', () => {
    const d = draft({ method: 'custom', values: { ana: '0', bea: '50', cai: '50' } });
    const { shares } = computeModalSplit(d, everyone);
    expect(modalExpenseBody(d, shares!)).toMatchObject({
      expense_type: 'shared',
      amount: '100',
      participants: [
        { user_id: 'bea', share_amount: 50 },
        { user_id: 'cai', share_amount: 50 },
      ],
    });
    expect(modalExpenseBody(draft(), computeModalSplit(draft(), everyone).shares!).expense_type).toBe(
      'group',
    );
  });
});
