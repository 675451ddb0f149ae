import { randomUUID } from 'node:crypto';
import { expect, it } from 'vitest';
import {
  describeStoreContract,
  newTrip,
  newUser,
  officialEmulatorOnlyReason,
} from '../../test-support/store-adapters';
import { NotAMemberError, TRIP_LIST_FIELDS, UniqueConstraintError } from './types';

describeStoreContract('store contract', (adapter) => {
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

describeStoreContract('store contract, trips and members', (adapter) => {
  it('creates a trip owned by its creator, who becomes its first member', async () => {
    const owner = await adapter.store.users.create(newUser());
    const input = newTrip();
    const trip = await adapter.store.trips.create(owner.id, input);
    expect(trip).toMatchObject({ ...input, owner_id: owner.id, expense_count: 0, total_expenses_minor: 0 });
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
      added_by_username: null,
    });
    await expect(adapter.store.trips.countMembers(newer.id)).resolves.toBe(2);
    await expect(adapter.store.trips.countMembers(randomUUID())).resolves.toBe(0);
    await expect(adapter.store.trips.listForUser(randomUUID())).resolves.toEqual([]);
  });

  it("reads a member's access to a trip: the list fields and their role, null for anyone else; the list fields alone", async () => {
    const owner = await adapter.store.users.create(newUser());
    const friend = await adapter.store.users.create(newUser());
    const stranger = await adapter.store.users.create(newUser());
    const trip = await adapter.store.trips.create(owner.id, newTrip({ trip_name: 'Access' }));
    await adapter.store.members.add(trip.id, friend.id);
    const listFields = Object.fromEntries(TRIP_LIST_FIELDS.map((field) => [field, trip[field]]));

    await expect(adapter.store.trips.accessFor(trip.id, owner.id)).resolves.toEqual({
      trip: listFields,
      role: 'owner',
    });
    const access = await adapter.store.trips.accessFor(trip.id, friend.id);
    expect(access).toEqual({ trip: listFields, role: 'participant' });
    // Only the list fields: never the guide, attractions or preferences.
    expect(Object.keys(access?.trip ?? {}).sort()).toEqual([...TRIP_LIST_FIELDS].sort());
    await expect(adapter.store.trips.accessFor(trip.id, stranger.id)).resolves.toBeNull();
    await expect(adapter.store.trips.accessFor(randomUUID(), owner.id)).resolves.toBeNull();
    await adapter.store.members.remove(trip.id, friend.id);
    await expect(adapter.store.trips.accessFor(trip.id, friend.id)).resolves.toBeNull();

    // The same fields without a member, for reads shared by every caller (the expense writes of one turn).
    const fields = await adapter.store.trips.listFields(trip.id);
    expect(fields).toEqual(listFields);
    expect(Object.keys(fields ?? {}).sort()).toEqual([...TRIP_LIST_FIELDS].sort());
    await expect(adapter.store.trips.listFields(randomUUID())).resolves.toBeNull();
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

    await expect(adapter.store.members.remove(trip.id, owner.id)).resolves.toBe('not-member');
    await expect(adapter.store.members.remove(trip.id, friend.id)).resolves.toBe('removed');
    await expect(adapter.store.members.remove(trip.id, friend.id)).resolves.toBe('not-member');
    await expect(adapter.store.members.roleOf(trip.id, friend.id)).resolves.toBeNull();
    await expect(adapter.store.trips.listForUser(friend.id)).resolves.toEqual([]);
  });

  /** An owner, two participants joined in order, and an expense naming `named` (payer `payer`). */
  async function tripWithLedger() {
    const [owner, bea, cai] = await Promise.all([1, 2, 3].map(() => adapter.store.users.create(newUser())));
    const trip = await adapter.store.trips.create(owner!.id, newTrip());
    await adapter.store.members.add(trip.id, bea!.id);
    await new Promise((r) => setTimeout(r, 5));
    await adapter.store.members.add(trip.id, cai!.id);
    return { owner: owner!, bea: bea!, cai: cai!, trip };
  }
  const expenseNaming = (payer: string, debtor: string) => ({
    title: 'Dinner',
    description: '',
    amount_minor: 2000,
    expense_date: '2027-04-11',
    category: 'food' as const,
    expense_type: 'shared' as const,
    paid_by: payer,
    shares: [{ user_id: debtor, share_minor: 2000 }],
    split: { method: 'custom' as const, people: [{ user_id: debtor, weight: 2000 }] },
    created_by: payer,
  });

  it('removes a participant only while no expense or settlement names them', async () => {
    const { owner, bea, cai, trip } = await tripWithLedger();
    const expense = await adapter.store.ledger.createExpense(trip.id, expenseNaming(bea.id, owner.id));
    await expect(adapter.store.members.remove(trip.id, bea.id)).resolves.toBe('in-ledger');
    await adapter.store.ledger.recalculateSettlements(trip.id, () => [
      { from: owner.id, to: bea.id, amount_minor: 2000 },
    ]);
    await adapter.store.ledger.deleteExpense(expense.id);
    // The pending settlement still names her.
    await expect(adapter.store.members.remove(trip.id, bea.id)).resolves.toBe('in-ledger');
    await adapter.store.ledger.recalculateSettlements(trip.id, () => []);
    await expect(adapter.store.members.remove(trip.id, bea.id)).resolves.toBe('removed');
    await expect(adapter.store.members.remove(trip.id, cai.id)).resolves.toBe('removed');
  });

  it('lets a participant leave with their ledger kept; the owner never leaves (spec §6)', async () => {
    const { owner, bea, cai, trip } = await tripWithLedger();
    await adapter.store.ledger.createExpense(trip.id, expenseNaming(owner.id, cai.id));
    await expect(adapter.store.members.leave(trip.id, cai.id)).resolves.toBe('left');
    await expect(adapter.store.members.leave(trip.id, cai.id)).resolves.toBe('not-member');
    await expect(adapter.store.ledger.listExpenses(trip.id)).resolves.toHaveLength(1);
    await expect(adapter.store.ledger.shareTotal(trip.id, cai.id)).resolves.toBe(2000);

    await expect(adapter.store.members.leave(trip.id, owner.id)).resolves.toBe('owner');
    await expect(adapter.store.trips.get(trip.id)).resolves.toMatchObject({ owner_id: owner.id });
    await expect(adapter.store.members.list(trip.id)).resolves.toEqual([
      expect.objectContaining({ user_id: owner.id, role: 'owner' }),
      expect.objectContaining({ user_id: bea.id, role: 'participant' }),
    ]);
  });

  it('invites without making a member; accepting joins, declining leaves no trace; the trip takes its invitations', async () => {
    const { owner, bea, trip } = await tripWithLedger();
    const dan = await adapter.store.users.create(newUser());
    const eve = await adapter.store.users.create(newUser());
    const invitation = await adapter.store.invitations.create(trip.id, dan.id, bea.id);
    expect(invitation).toEqual({
      trip_id: trip.id,
      user_id: dan.id,
      invited_by: bea.id,
      created_at: expect.any(String),
    });
    await expect(adapter.store.invitations.create(trip.id, dan.id, owner.id)).rejects.toEqual(
      new UniqueConstraintError('invitation'),
    );
    await expect(adapter.store.invitations.create(trip.id, bea.id, owner.id)).rejects.toEqual(
      new UniqueConstraintError('member'),
    );
    await new Promise((r) => setTimeout(r, 5));
    await adapter.store.invitations.create(trip.id, eve.id, owner.id);
    await expect(adapter.store.members.roleOf(trip.id, dan.id)).resolves.toBeNull();
    await expect(adapter.store.trips.listForUser(dan.id)).resolves.toEqual([]);
    await expect(adapter.store.invitations.listForTrip(trip.id)).resolves.toEqual([
      { ...invitation, username: dan.username },
      expect.objectContaining({ user_id: eve.id, username: eve.username }),
    ]);
    await expect(adapter.store.invitations.listForUser(dan.id)).resolves.toEqual([
      {
        ...invitation,
        trip_name: trip.trip_name,
        city_name: trip.city_name,
        start_date: trip.start_date,
        end_date: trip.end_date,
        invited_by_username: bea.username,
      },
    ]);

    await expect(adapter.store.invitations.accept(trip.id, dan.id)).resolves.toMatchObject({
      trip_id: trip.id,
      user_id: dan.id,
      role: 'participant',
      username: dan.username,
    });
    await expect(adapter.store.invitations.accept(trip.id, dan.id)).resolves.toBeNull();
    await expect(adapter.store.members.roleOf(trip.id, dan.id)).resolves.toBe('participant');
    await expect(adapter.store.trips.countMembers(trip.id)).resolves.toBe(4);
    await expect(adapter.store.invitations.listForUser(dan.id)).resolves.toEqual([]);

    await expect(adapter.store.invitations.decline(trip.id, eve.id)).resolves.toBe(true);
    await expect(adapter.store.invitations.decline(trip.id, eve.id)).resolves.toBe(false);
    await expect(adapter.store.invitations.accept(trip.id, eve.id)).resolves.toBeNull();
    await expect(adapter.store.members.roleOf(trip.id, eve.id)).resolves.toBeNull();
    await expect(adapter.store.invitations.listForTrip(trip.id)).resolves.toEqual([]);

    await adapter.store.invitations.create(trip.id, eve.id, owner.id);
    await adapter.store.trips.delete(trip.id);
    await expect(adapter.store.invitations.listForUser(eve.id)).resolves.toEqual([]);
    await expect(adapter.store.invitations.accept(trip.id, eve.id)).resolves.toBeNull();
  });

  // Only where concurrent writers are really serialised: the Node.js Firestore emulator does not detect conflicts.
  it('never leaves a removed participant in an expense when removals race expense writes', async (ctx) => {
    if (!adapter.detectsConflicts) ctx.skip(officialEmulatorOnlyReason);
    const owner = await adapter.store.users.create(newUser());
    const trip = await adapter.store.trips.create(owner.id, newTrip());
    const friends = await Promise.all(Array.from({ length: 8 }, () => adapter.store.users.create(newUser())));
    for (const friend of friends) await adapter.store.members.add(trip.id, friend.id);
    const first = await adapter.store.ledger.createExpense(trip.id, expenseNaming(owner.id, owner.id));
    // Per friend, an expense naming them (a new one, or an edit of the first) and their removal, in either order.
    const write = (friendId: string, i: number) =>
      i % 4 < 2
        ? adapter.store.ledger.createExpense(trip.id, expenseNaming(owner.id, friendId))
        : adapter.store.ledger.updateExpense(first.id, expenseNaming(friendId, owner.id));
    const settled = await Promise.allSettled(
      friends.flatMap((friend, i) => {
        const remove = () => adapter.store.members.remove(trip.id, friend.id);
        return i % 2 ? [remove(), write(friend.id, i)] : [write(friend.id, i), remove()];
      }),
    );
    const outcomes = friends.map((_friend, i) => ({
      removal: settled[i % 2 ? 2 * i : 2 * i + 1]!,
      write: settled[i % 2 ? 2 * i + 1 : 2 * i]!,
    }));
    const members = new Set((await adapter.store.members.list(trip.id)).map((m) => m.user_id));
    const named = (await adapter.store.ledger.listExpenses(trip.id)).flatMap((e) => [
      e.paid_by,
      ...e.shares.map((share) => share.user_id),
    ]);
    expect(named.filter((id) => !members.has(id))).toEqual([]);
    // Each friend was either removed (and their write refused as naming a non-member) or kept because a write
    // named them first; never both, never neither. One exception, serialisable where writers really run at once:
    // an edit of the shared first expense named them, a later edit named someone else, and then they were removed.
    for (const [i, { removal, write: written }] of outcomes.entries()) {
      const removed = removal.status === 'fulfilled' && removal.value === 'removed';
      expect(removed, `friend ${i}`).toBe(!members.has(friends[i]!.id));
      const editedAway = i % 4 >= 2 && written.status === 'fulfilled' && !named.includes(friends[i]!.id);
      if (removed && editedAway) continue;
      if (removed) {
        expect(written.status === 'rejected' && written.reason, `friend ${i}`).toBeInstanceOf(
          NotAMemberError,
        );
      } else {
        expect([removal.status === 'fulfilled' && removal.value, written.status], `friend ${i}`).toEqual([
          'in-ledger',
          'fulfilled',
        ]);
      }
    }
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
