import { randomUUID } from 'node:crypto';
import { expect, it } from 'vitest';
import {
  describeStoreContract,
  newTrip,
  newUser,
  officialEmulatorOnlyReason,
} from '../../test-support/store-adapters';
import type { NewPlan } from './types';

const plan = (overrides: Partial<NewPlan> = {}): NewPlan => ({
  plan_date: '2027-04-10',
  category: 'Attraction',
  title: 'Belém Tower',
  description: '',
  ...overrides,
});

describeStoreContract('store contract, daily plans', (adapter) => {
  const newTripId = async () => {
    const owner = await adapter.store.users.create(newUser());
    return (await adapter.store.trips.create(owner.id, newTrip())).id;
  };

  it('creates plans after the ones already on their date and lists them by date, then order', async () => {
    const tripId = await newTripId();
    const first = await adapter.store.plans.create(tripId, plan({ title: 'Tower' }));
    const food = await adapter.store.plans.create(
      tripId,
      plan({ title: 'Dinner', category: 'Restaurant', order: 1000 }),
    );
    const later = await adapter.store.plans.create(
      tripId,
      plan({ title: 'Museum', plan_date: '2027-04-11' }),
    );
    const earlierDay = await adapter.store.plans.create(
      tripId,
      plan({ title: 'Arrive', plan_date: '2027-04-09' }),
    );
    const third = await adapter.store.plans.create(tripId, plan({ title: 'Night walk' }));
    expect(first).toMatchObject({ trip_id: tripId, title: 'Tower', order: 0, id: expect.any(String) });
    expect(third.order).toBe(1001);
    await expect(adapter.store.plans.get(tripId, first.id)).resolves.toEqual(first);
    const listed = await adapter.store.plans.list(tripId);
    expect(listed.map((p) => p.id)).toEqual([earlierDay.id, first.id, food.id, third.id, later.id]);
    await expect(adapter.store.plans.list(randomUUID())).resolves.toEqual([]);
  });

  it('updates a plan, keeping its order unless one is given, and answers null for an unknown plan', async () => {
    const tripId = await newTripId();
    const created = await adapter.store.plans.create(tripId, plan());
    const moved = await adapter.store.plans.update(
      tripId,
      created.id,
      plan({ plan_date: '2027-04-12', title: 'Tower at dusk' }),
    );
    expect(moved).toEqual({ ...created, plan_date: '2027-04-12', title: 'Tower at dusk' });
    const reordered = await adapter.store.plans.update(tripId, created.id, plan({ order: 7 }));
    expect(reordered?.order).toBe(7);
    await expect(adapter.store.plans.update(tripId, randomUUID(), plan())).resolves.toBeNull();
    // A plan is only reachable through its own trip.
    await expect(adapter.store.plans.update(await newTripId(), created.id, plan())).resolves.toBeNull();
    await expect(adapter.store.plans.get(await newTripId(), created.id)).resolves.toBeNull();
  });

  it("keeps a plan's start time and duration, lists timed plans first by time, then untimed by order", async () => {
    const tripId = await newTripId();
    const untimed = await adapter.store.plans.create(tripId, plan({ title: 'Bakery' }));
    const lunch = await adapter.store.plans.create(
      tripId,
      plan({ title: 'Lunch', start_time: '12:30', duration_minutes: 90 }),
    );
    const breakfast = await adapter.store.plans.create(
      tripId,
      plan({ title: 'Breakfast', start_time: '08:05', duration_minutes: null }),
    );
    expect(breakfast).toMatchObject({ start_time: '08:05', duration_minutes: null, order: 2 });
    const alsoUntimed = await adapter.store.plans.create(tripId, plan({ title: 'Postcards' }));
    expect(untimed).toMatchObject({ start_time: null, duration_minutes: null });
    expect(lunch).toMatchObject({ start_time: '12:30', duration_minutes: 90, order: 1 });
    await expect(adapter.store.plans.get(tripId, lunch.id)).resolves.toEqual(lunch);
    expect((await adapter.store.plans.list(tripId)).map((p) => p.title)).toEqual([
      'Breakfast',
      'Lunch',
      'Bakery',
      'Postcards',
    ]);
    expect(alsoUntimed.order).toBe(3);

    // Moved to another day without its time: the time stays. Given (null clears), it is replaced as one.
    const moved = await adapter.store.plans.update(
      tripId,
      lunch.id,
      plan({ title: 'Lunch', plan_date: '2027-04-11' }),
    );
    expect(moved).toEqual({ ...lunch, plan_date: '2027-04-11' });
    const retimed = await adapter.store.plans.update(
      tripId,
      lunch.id,
      plan({ title: 'Lunch', start_time: '13:00', duration_minutes: null }),
    );
    expect(retimed).toMatchObject({ plan_date: '2027-04-10', start_time: '13:00', duration_minutes: null });
    const cleared = await adapter.store.plans.update(
      tripId,
      lunch.id,
      plan({ title: 'Lunch', start_time: null, duration_minutes: null }),
    );
    expect(cleared).toMatchObject({ start_time: null, duration_minutes: null });
    const bulk = await adapter.store.plans.createMany(tripId, [
      plan({ title: 'Fado', start_time: '21:00', duration_minutes: 120 }),
    ]);
    expect(bulk.plans[0]).toMatchObject({ start_time: '21:00', duration_minutes: 120 });
  });

  it('deletes a plan once', async () => {
    const tripId = await newTripId();
    const created = await adapter.store.plans.create(tripId, plan());
    await expect(adapter.store.plans.delete(await newTripId(), created.id)).resolves.toBe(false);
    await expect(adapter.store.plans.delete(tripId, created.id)).resolves.toBe(true);
    await expect(adapter.store.plans.delete(tripId, created.id)).resolves.toBe(false);
    await expect(adapter.store.plans.list(tripId)).resolves.toEqual([]);
  });

  it('bulk-creates plans, skipping duplicates of existing plans and within the batch', async () => {
    const tripId = await newTripId();
    await adapter.store.plans.create(tripId, plan({ title: 'Belém Tower' }));
    const result = await adapter.store.plans.createMany(tripId, [
      plan({ title: '  belém TOWER ' }),
      plan({ title: 'Pastéis de Belém', category: 'Restaurant', order: 1000 }),
      plan({ title: 'Alfama walk' }),
      plan({ title: 'alfama walk' }),
      plan({ title: 'Alfama walk', plan_date: '2027-04-11' }),
    ]);
    expect(result.skipped).toBe(2);
    expect(result.plans.map((p) => [p.plan_date, p.title, p.order])).toEqual([
      ['2027-04-10', 'Pastéis de Belém', 1000],
      ['2027-04-10', 'Alfama walk', 1001],
      ['2027-04-11', 'Alfama walk', 0],
    ]);
    expect(await adapter.store.plans.list(tripId)).toHaveLength(4);
  });

  it('deletes a trip with its plans', async () => {
    const tripId = await newTripId();
    await adapter.store.plans.createMany(tripId, [plan(), plan({ title: 'Other' })]);
    await adapter.store.trips.delete(tripId);
    await expect(adapter.store.plans.list(tripId)).resolves.toEqual([]);
  });

  it('lets two racing bulk requests add each plan once', async (ctx) => {
    if (!adapter.detectsConflicts) ctx.skip(officialEmulatorOnlyReason);
    const tripId = await newTripId();
    const batch = [plan({ title: 'Tower' }), plan({ title: 'Castle' }), plan({ title: 'Tram 28' })];
    const results = await Promise.all([
      adapter.store.plans.createMany(tripId, batch),
      adapter.store.plans.createMany(tripId, batch),
    ]);
    expect(results.map((r) => r.plans.length).sort()).toEqual([0, 3]);
    expect(await adapter.store.plans.list(tripId)).toHaveLength(3);
  });
});
