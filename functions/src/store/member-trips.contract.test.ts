import { afterEach, expect, it, vi } from 'vitest';
import {
  describeStoreContract,
  groupExpense,
  newTrip,
  newUser,
  personalExpense,
} from '../../test-support/store-adapters';
import type { MemberTrip, Store, TripPageRequest } from './types';

// The trip lists read figures the writes maintain (member counts, share totals) and page newest first.
describeStoreContract('store contract, a member’s trips', (adapter) => {
  afterEach(() => vi.useRealTimers());

  /** Every page of `limit`, following each page's last trip as the cursor, until one comes back short. */
  async function allPages(store: Store, userId: string, limit: number) {
    const pages: MemberTrip[][] = [];
    let after: TripPageRequest['after'] = null;
    for (;;) {
      const page = await store.trips.listForUser(userId, { limit, after });
      pages.push(page);
      const last = page[page.length - 1];
      if (page.length < limit || !last) return pages;
      after = { created_at: last.created_at, id: last.id };
    }
  }

  it('pages a user’s trips newest first, then by id, ties on the creation time included, without gaps or repeats', async () => {
    const { store } = adapter;
    const me = await store.users.create(newUser());
    const other = await store.users.create(newUser());
    vi.useFakeTimers({ toFake: ['Date'] });
    const made: string[] = [];
    // Four trips created in the same millisecond, then three a second apart, one of them someone else's.
    vi.setSystemTime(new Date('2026-11-20T10:00:00.000Z'));
    for (let i = 0; i < 4; i++) made.push((await store.trips.create(me.id, newTrip())).id);
    for (let i = 1; i <= 3; i++) {
      vi.setSystemTime(new Date(Date.parse('2026-11-20T10:00:00.000Z') + i * 1000));
      const trip = await store.trips.create(i === 2 ? other.id : me.id, newTrip());
      if (i === 2) await store.members.add(trip.id, me.id);
      made.push(trip.id);
    }
    vi.useRealTimers();
    await store.trips.create(other.id, newTrip()); // not mine

    const all = await store.trips.listForUser(me.id);
    const tied = made.slice(0, 4).sort().reverse();
    expect(all.map((trip) => trip.id)).toEqual([made[6], made[5], made[4], ...tied]);
    for (const limit of [1, 2, 3, 7, 50]) {
      const pages = await allPages(store, me.id, limit);
      expect(pages.flat().map((trip) => trip.id)).toEqual(all.map((trip) => trip.id));
      expect(pages.slice(0, -1).every((page) => page.length === limit)).toBe(true);
    }
    expect(await store.trips.listForUser(me.id, { limit: 2, after: null })).toEqual(all.slice(0, 2));
  });

  it('keeps each trip’s member count through joins, leaves, removals and another trip’s deletion', async () => {
    const { store } = adapter;
    const [ana, ben, cai] = await Promise.all([1, 2, 3].map(() => store.users.create(newUser())));
    const trip = await store.trips.create(ana!.id, newTrip());
    const gone = await store.trips.create(ben!.id, newTrip());
    await store.members.add(gone.id, ana!.id);
    const count = async () =>
      (await store.trips.listForUser(ana!.id)).find((t) => t.id === trip.id)?.member_count;

    expect(await count()).toBe(1);
    await store.members.add(trip.id, ben!.id);
    await store.members.add(trip.id, cai!.id);
    expect(await count()).toBe(3);
    await expect(store.trips.countMembers(trip.id)).resolves.toBe(3);
    await expect(store.members.leave(trip.id, cai!.id)).resolves.toBe('left');
    expect(await count()).toBe(2);
    await expect(store.members.remove(trip.id, ben!.id)).resolves.toBe('removed');
    expect(await count()).toBe(1);
    await store.trips.delete(gone.id);
    const [only] = await store.trips.listForUser(ana!.id, { limit: 5, after: null });
    expect(only).toMatchObject({ id: trip.id, member_count: 1, role: 'owner' });
    // The owner hands the trip on and then leaves: the successor's list says so, with the count kept.
    await store.members.add(trip.id, ben!.id);
    await expect(store.members.transferOwnership(trip.id, ana!.id, ben!.id)).resolves.toBe('transferred');
    await expect(store.members.leave(trip.id, ana!.id)).resolves.toBe('left');
    expect(await store.trips.listForUser(ana!.id)).toEqual([]);
    const [handed] = await store.trips.listForUser(ben!.id, { limit: 5, after: null });
    expect(handed).toMatchObject({
      id: trip.id,
      member_count: 1,
      role: 'owner',
      owner_username: ben!.username,
    });
  });

  it('reads a user’s kept share totals for a page of trips in one call, and their figures over all trips', async () => {
    const { store } = adapter;
    const ana = await store.users.create(newUser());
    const ben = await store.users.create(newUser());
    const shared = await store.trips.create(ana.id, newTrip());
    await store.members.add(shared.id, ben.id);
    const alone = await store.trips.create(ana.id, newTrip());
    const yen = await store.trips.create(ben.id, newTrip());
    await store.members.add(yen.id, ana.id);
    await expect(store.trips.setHomeCurrency(yen.id, 'JPY')).resolves.toBe('set');

    await store.ledger.createExpense(
      shared.id,
      groupExpense([
        { user_id: ana.id, share_minor: 1001 },
        { user_id: ben.id, share_minor: 1000 },
      ]),
    );
    const lunch = await store.ledger.createExpense(
      shared.id,
      personalExpense({ paid_by: ben.id, amount_minor: 700, owes: ana.id }),
    );
    await store.ledger.createExpense(yen.id, personalExpense({ paid_by: ana.id, amount_minor: 5000 }));

    await expect(store.trips.shareTotals(ana.id, [shared.id, alone.id, yen.id])).resolves.toEqual([
      1701, 0, 5000,
    ]);
    await expect(store.trips.shareTotals(ben.id, [yen.id, shared.id])).resolves.toEqual([0, 1000]);
    await expect(store.trips.shareTotals(ana.id, [])).resolves.toEqual([]);
    await store.ledger.deleteExpense(lunch.id);
    await expect(store.trips.shareTotals(ana.id, [shared.id])).resolves.toEqual([1001]);

    await expect(store.trips.summaryForUser(ana.id)).resolves.toEqual({
      trip_count: 3,
      expense_count: 2,
      totals: [
        { currency: 'JPY', total_cents: 5000 },
        { currency: 'USD', total_cents: 2001 },
      ],
    });
    await expect(store.trips.summaryForUser(ben.id)).resolves.toMatchObject({
      trip_count: 2,
      expense_count: 2,
    });
    await expect(store.trips.summaryForUser(newUser().username)).resolves.toEqual({
      trip_count: 0,
      expense_count: 0,
      totals: [],
    });
  });
});
