import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { cacheFigures } from '../../cache-budgets';
import { bundledRates } from '../../rates/provider';
import { openSqliteStore } from '../../store/embedded/sqlite-store';
import type { UserRecord } from '../../store/types';
import { personalExpense, tripOfPeople } from '../../../test-support/store-adapters';
import { createBudgetService } from './service';
import { createLedgerEvents } from '../live/events';
import { ledgerNotices } from '../live/notices';
import { tripScopeOf } from '../scope';

const dirs: string[] = [];
afterEach(() => dirs.splice(0).forEach((dir) => fs.rmSync(dir, { recursive: true, force: true })));

describe("the budget glance's kept expense lists", () => {
  it('stay within their budget in bytes; a trip let go is read again and answers the same', async () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'wayfare-spent-cache-'));
    dirs.push(dir);
    const store = openSqliteStore(path.join(dir, 'wayfare.db'));
    // Each trip's list of 60 expenses is some 6.5 kB: the budget holds two of the four.
    const budgets = createBudgetService({
      store,
      notices: ledgerNotices(createLedgerEvents(), store.notices, (err) => {
        throw err;
      }),
      rates: bundledRates,
      spentCacheBytes: 16 * 1024,
    });
    try {
      const trips: Array<{ tripId: string; user: UserRecord }> = [];
      for (let t = 0; t < 4; t += 1) {
        const { trip, people } = await tripOfPeople(store, ['Ana']);
        for (let i = 0; i < 60; i += 1) {
          await store.ledger.createExpense(
            trip.id,
            personalExpense({ paid_by: people[0].id, amount_minor: 100 + i }),
          );
        }
        trips.push({ tripId: trip.id, user: people[0] });
      }
      const answers = [];
      for (const { tripId, user } of trips) {
        answers.push(await budgets.budget(await tripScopeOf(store, user, tripId)));
        const figure = cacheFigures().find((cache) => cache.name === 'budget spent expenses');
        expect(figure?.bytes).toBeGreaterThan(0);
        expect(figure!.bytes).toBeLessThanOrEqual(figure!.budget_bytes);
      }
      expect(cacheFigures().find((cache) => cache.name === 'budget spent expenses')?.entries).toBe(2);
      // The first trip's list left the cache: read again from the store, the glance is the same.
      const [first] = trips;
      expect(await budgets.budget(await tripScopeOf(store, first!.user, first!.tripId))).toEqual(answers[0]);
      expect(answers[0]?.spending).toMatchObject({ spent_minor: 60 * 100 + (59 * 60) / 2 });
    } finally {
      await store.close();
    }
  });
});
