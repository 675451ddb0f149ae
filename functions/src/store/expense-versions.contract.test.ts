import fc from 'fast-check';
import { expect, it } from 'vitest';
import {
  describeStoreContract,
  groupExpense,
  officialEmulatorOnlyReason,
  tripOfPeople,
} from '../../test-support/store-adapters';
import { ExpenseVersionMismatchError, type NewExpense } from './types';

describeStoreContract('store contract, expense versions', (adapter) => {
  /** A dinner Ana paid and shares with Bea. */
  async function dinner() {
    const {
      trip,
      people: [ana, bea],
    } = await tripOfPeople(adapter.store, ['Ana', 'Bea']);
    const expense = (overrides: Partial<NewExpense> = {}) =>
      groupExpense(
        [
          { user_id: ana.id, share_minor: 1500 },
          { user_id: bea.id, share_minor: 1500 },
        ],
        overrides,
      );
    const created = await adapter.store.ledger.createExpense(trip.id, expense());
    /** An edit's fields: the dinner retitled. */
    const patch = (title: string) => {
      const { created_by: _by, ...fields } = expense({ title });
      return fields;
    };
    return { trip, ana, bea, created, patch };
  }

  const totals = async (tripId: string) => {
    const trip = await adapter.store.trips.get(tripId);
    return [trip?.expense_count, trip?.total_expenses_minor, trip?.ledger_version];
  };

  it('creates version 1 by its creator and moves one version per edit, by whoever made it', async () => {
    const { ana, bea, created, patch } = await dinner();
    expect(created).toMatchObject({ version: 1, updated_by: ana.id });
    const edited = await adapter.store.ledger.updateExpense(created.id, patch('Supper'), bea.id);
    expect(edited).toMatchObject({ title: 'Supper', version: 2, updated_by: bea.id });
    await expect(adapter.store.ledger.getExpense(created.id)).resolves.toEqual(edited);
    const again = await adapter.store.ledger.updateExpense(created.id, patch('Tapas'), ana.id, [2]);
    expect(again).toMatchObject({ title: 'Tapas', version: 3, updated_by: ana.id });
  });

  it('refuses an edit or a delete expecting another version, writing nothing, with the stored expense', async () => {
    const { trip, bea, created, patch } = await dinner();
    const edited = await adapter.store.ledger.updateExpense(created.id, patch('Supper'), bea.id, [1]);
    const before = await totals(trip.id);
    const refused = adapter.store.ledger.updateExpense(created.id, patch('Brunch'), bea.id, [1]);
    await expect(refused).rejects.toBeInstanceOf(ExpenseVersionMismatchError);
    await expect(refused).rejects.toMatchObject({ current: edited });
    await expect(adapter.store.ledger.deleteExpense(created.id, bea.id, [1, 3])).rejects.toMatchObject({
      current: edited,
    });
    await expect(adapter.store.ledger.updateExpense(created.id, patch('Brunch'), bea.id, [])).rejects.toThrow(
      ExpenseVersionMismatchError,
    );
    await expect(adapter.store.ledger.getExpense(created.id)).resolves.toEqual(edited);
    expect(await totals(trip.id)).toEqual(before);
    const history = await adapter.store.activity.list(trip.id, { limit: 10, before: null });
    expect(history.map((entry) => entry.kind)).toEqual(['expense.updated', 'expense.created']);
  });

  it('deletes at the version expected, and answers null for an expense already gone', async () => {
    const { trip, created } = await dinner();
    await expect(adapter.store.ledger.deleteExpense(created.id, undefined, [1])).resolves.toMatchObject({
      id: created.id,
    });
    await expect(adapter.store.ledger.deleteExpense(created.id, undefined, [1])).resolves.toBeNull();
    expect((await totals(trip.id)).slice(0, 2)).toEqual([0, 0]);
  });

  it('lets exactly one of n concurrent writes expecting the same version through', async (ctx) => {
    if (!adapter.detectsConflicts) ctx.skip(officialEmulatorOnlyReason);
    await fc.assert(
      fc.asyncProperty(
        fc.array(fc.constantFrom('edit', 'delete'), { minLength: 2, maxLength: 6 }),
        async (writes) => {
          const { bea, created, patch } = await dinner();
          const results = await Promise.allSettled(
            writes.map((kind, i) =>
              kind === 'edit'
                ? adapter.store.ledger.updateExpense(created.id, patch(`Edit ${i}`), bea.id, [1])
                : adapter.store.ledger.deleteExpense(created.id, bea.id, [1]),
            ),
          );
          // A write that found the expense deleted by the winner answers null: it changed nothing either.
          const won = results.flatMap((result, i) =>
            result.status === 'fulfilled' && result.value !== null ? [i] : [],
          );
          expect(won).toHaveLength(1);
          const winner = won[0] as number;
          const stored = await adapter.store.ledger.getExpense(created.id);
          if (writes[winner] === 'delete') expect(stored).toBeNull();
          else expect(stored).toMatchObject({ title: `Edit ${winner}`, version: 2, updated_by: bea.id });
          results.forEach((result, i) => {
            if (i === winner) return;
            if (result.status === 'rejected')
              expect(result.reason).toBeInstanceOf(ExpenseVersionMismatchError);
            else expect(writes[winner]).toBe('delete');
          });
        },
      ),
      { numRuns: 15 },
    );
  });
});
