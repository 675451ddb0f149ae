import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { newExpenseRecord, newPlanRecord, newTripRecord } from './new-records';
import { newTrip } from '../../../test-support/store-adapters';
import type { NewExpense } from '../types';

const expense = (payers: NewExpense['payers'], amount: number): NewExpense => ({
  title: 'Dinner',
  description: '',
  amount_minor: amount,
  expense_date: '2027-04-11',
  category: 'food',
  expense_type: 'shared',
  paid_by: payers?.[0]?.user_id ?? 'ana',
  payers,
  shares: [{ user_id: 'ana', share_minor: amount }],
  split: { method: 'equal', people: [{ user_id: 'ana', weight: null }] },
  created_by: 'ana',
});

describe('stamping new records (one function per kind, both adapters)', () => {
  it('a new expense: the given id and trip, both timestamps the same instant, no receipt, payers kept', () => {
    fc.assert(
      fc.property(
        fc.array(fc.record({ user_id: fc.constantFrom('ana', 'ben', 'cy'), paid_minor: fc.nat(10_000) }), {
          minLength: 1,
          maxLength: 3,
        }),
        fc.uuid(),
        (payers, id) => {
          const amount = payers.reduce((total, p) => total + p.paid_minor, 0);
          const now = '2027-04-11T10:00:00.000Z';
          const record = newExpenseRecord('trip-1', expense(payers, amount), id, now);
          expect(record).toMatchObject({
            id,
            trip_id: 'trip-1',
            created_at: now,
            updated_at: now,
            receipt: null,
          });
          expect(record.payers).toEqual(payers);
          expect(record.paid_by).toBe(payers[0]?.user_id);
        },
      ),
    );
  });

  it('a new plan: a fresh id each time, the order given, absent times null, created now', () => {
    const before = new Date().toISOString();
    const plan = { plan_date: '2027-04-11', category: 'Attraction', title: 'Gulbenkian', description: '' };
    const [a, b] = [newPlanRecord('trip-1', plan, 3), newPlanRecord('trip-1', plan, 4)];
    expect(a.id).not.toBe(b.id);
    expect(a).toMatchObject({ trip_id: 'trip-1', order: 3, start_time: null, duration_minutes: null });
    expect(a.created_at >= before && a.created_at <= new Date().toISOString()).toBe(true);
  });

  it('a new trip: version 0, an empty ledger, both timestamps the same instant', () => {
    const trip = newTripRecord('ana', newTrip());
    expect(trip).toMatchObject({
      owner_id: 'ana',
      ledger_version: 0,
      expense_count: 0,
      total_expenses_minor: 0,
    });
    expect(trip.created_at).toBe(trip.updated_at);
  });
});
