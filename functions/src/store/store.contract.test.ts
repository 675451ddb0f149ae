import { randomUUID } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import {
  newTrip,
  newUser,
  officialEmulatorOnlyReason,
  adapterUnderTest,
  storeAdapters,
} from './test-adapters';
import { TRIP_LIST_FIELDS, UniqueConstraintError } from './types';

describe.each(Object.entries(storeAdapters))('store contract: %s', (_name, open) => {
  const adapter = adapterUnderTest(open);

  it('answers ping once ready', async () => {
    await expect(adapter.store.ping()).resolves.toBeUndefined();
  });

  it('creates a user with an id and creation time, and finds it by id, email and username', async () => {
    const input = newUser();
    const created = await adapter.store.users.create(input);
    expect(created).toMatchObject(input);
    expect(created.id).toMatch(/\S+/);
    expect(Number.isNaN(Date.parse(created.created_at))).toBe(false);
    await expect(adapter.store.users.findById(created.id)).resolves.toEqual(created);
    await expect(adapter.store.users.findByEmail(input.email.toUpperCase())).resolves.toEqual(created);
    await expect(adapter.store.users.findByUsername(input.username.toUpperCase())).resolves.toEqual(created);
  });

  it('answers null for unknown users', async () => {
    await expect(adapter.store.users.findById(randomUUID())).resolves.toBeNull();
    await expect(adapter.store.users.findByEmail('nobody@example.com')).resolves.toBeNull();
    await expect(adapter.store.users.findByUsername('nobody_at_all')).resolves.toBeNull();
  });

  it('rejects a username or email already taken, case-insensitively, and writes nothing', async () => {
    const first = await adapter.store.users.create(
      newUser({ username: `Émile_${randomUUID().slice(0, 6)}` }),
    );
    await expect(
      adapter.store.users.create(newUser({ username: first.username.toLocaleUpperCase() })),
    ).rejects.toEqual(new UniqueConstraintError('username'));
    const sameEmail = newUser({ email: first.email.toUpperCase() });
    await expect(adapter.store.users.create(sameEmail)).rejects.toEqual(new UniqueConstraintError('email'));
    // The rejected user's own username was not claimed by the failed write.
    await expect(adapter.store.users.findByUsername(sameEmail.username)).resolves.toBeNull();
    await expect(adapter.store.users.create(newUser({ username: sameEmail.username }))).resolves.toBeTruthy();
  });

  it('accepts usernames that look like reserved document ids', async () => {
    const created = await adapter.store.users.create(
      newUser({ username: `__${randomUUID().slice(0, 6)}__` }),
    );
    await expect(adapter.store.users.findByUsername(created.username)).resolves.toEqual(created);
  });

  it('lets exactly one of two concurrent sign-ups with the same email win', async (ctx) => {
    if (!adapter.detectsConflicts) ctx.skip(officialEmulatorOnlyReason);
    const email = newUser().email;
    const results = await Promise.allSettled([
      adapter.store.users.create(newUser({ email })),
      adapter.store.users.create(newUser({ email })),
    ]);
    expect(results.filter((r) => r.status === 'fulfilled')).toHaveLength(1);
    const rejected = results.find((r) => r.status === 'rejected');
    expect(rejected?.status === 'rejected' && rejected.reason).toBeInstanceOf(UniqueConstraintError);
  });
});

describe.each(Object.entries(storeAdapters))('store contract, trips and members: %s', (_name, open) => {
  const adapter = adapterUnderTest(open);

  it('creates a trip owned by its creator, who becomes its first member', async () => {
    const owner = await adapter.store.users.create(newUser());
    const input = newTrip();
    const trip = await adapter.store.trips.create(owner.id, input);
    expect(trip).toMatchObject({ ...input, owner_id: owner.id, expense_count: 0, total_expenses_cents: 0 });
    await expect(adapter.store.trips.get(trip.id)).resolves.toEqual(trip);
    await expect(adapter.store.members.roleOf(trip.id, owner.id)).resolves.toBe('owner');
    const members = await adapter.store.members.list(trip.id);
    expect(members).toEqual([
      expect.objectContaining({
        user_id: owner.id,
        role: 'owner',
        username: owner.username,
        first_name: 'Ana',
      }),
    ]);
  });

  it('lists a user their trips, newest first, with role, member count and owner username', async () => {
    const owner = await adapter.store.users.create(newUser());
    const friend = await adapter.store.users.create(newUser());
    const older = await adapter.store.trips.create(owner.id, newTrip({ trip_name: 'Older' }));
    await new Promise((r) => setTimeout(r, 5));
    const newer = await adapter.store.trips.create(friend.id, newTrip({ trip_name: 'Newer' }));
    await adapter.store.members.add(newer.id, owner.id);

    const mine = await adapter.store.trips.listForUser(owner.id);
    expect(mine.map((t) => [t.trip_name, t.role, t.member_count, t.owner_username])).toEqual([
      ['Newer', 'participant', 2, friend.username],
      ['Older', 'owner', 1, owner.username],
    ]);
    // Lists carry only the listed fields: never the guide, attractions or preferences.
    expect(mine[1]).toEqual({
      ...Object.fromEntries(TRIP_LIST_FIELDS.map((field) => [field, older[field]])),
      role: 'owner',
      member_count: 1,
      owner_username: owner.username,
    });
    await expect(adapter.store.trips.countMembers(newer.id)).resolves.toBe(2);
    await expect(adapter.store.trips.countMembers(randomUUID())).resolves.toBe(0);
    await expect(adapter.store.trips.listForUser(randomUUID())).resolves.toEqual([]);
  });

  it('adds and removes participants, never the owner, and refuses a second membership', async () => {
    const owner = await adapter.store.users.create(newUser());
    const friend = await adapter.store.users.create(newUser({ first_name: 'Bea' }));
    const trip = await adapter.store.trips.create(owner.id, newTrip());
    const added = await adapter.store.members.add(trip.id, friend.id);
    expect(added).toMatchObject({
      trip_id: trip.id,
      user_id: friend.id,
      role: 'participant',
      first_name: 'Bea',
    });
    await expect(adapter.store.members.add(trip.id, friend.id)).rejects.toEqual(
      new UniqueConstraintError('member'),
    );
    expect((await adapter.store.members.list(trip.id)).map((m) => m.role)).toEqual(['owner', 'participant']);

    await expect(adapter.store.members.remove(trip.id, owner.id)).resolves.toBe(false);
    await expect(adapter.store.members.remove(trip.id, friend.id)).resolves.toBe(true);
    await expect(adapter.store.members.remove(trip.id, friend.id)).resolves.toBe(false);
    await expect(adapter.store.members.roleOf(trip.id, friend.id)).resolves.toBeNull();
    await expect(adapter.store.trips.listForUser(friend.id)).resolves.toEqual([]);
  });

  it('updates only the patched fields and bumps updated_at', async () => {
    const owner = await adapter.store.users.create(newUser());
    const trip = await adapter.store.trips.create(owner.id, newTrip());
    await new Promise((r) => setTimeout(r, 5));
    const updated = await adapter.store.trips.update(trip.id, {
      trip_name: 'Porto instead',
      end_date: '2027-04-20',
    });
    expect(updated).toEqual({
      ...trip,
      trip_name: 'Porto instead',
      end_date: '2027-04-20',
      updated_at: expect.any(String),
    });
    expect(updated!.updated_at > trip.updated_at).toBe(true);
    await expect(adapter.store.trips.update(randomUUID(), { trip_name: 'x' })).resolves.toBeNull();
  });

  it('deletes a trip with its memberships', async () => {
    const owner = await adapter.store.users.create(newUser());
    const friend = await adapter.store.users.create(newUser());
    const trip = await adapter.store.trips.create(owner.id, newTrip());
    await adapter.store.members.add(trip.id, friend.id);
    await expect(adapter.store.trips.delete(trip.id)).resolves.toBe(true);
    await expect(adapter.store.trips.get(trip.id)).resolves.toBeNull();
    await expect(adapter.store.members.list(trip.id)).resolves.toEqual([]);
    await expect(adapter.store.trips.listForUser(friend.id)).resolves.toEqual([]);
    await expect(adapter.store.trips.delete(trip.id)).resolves.toBe(false);
  });
});
