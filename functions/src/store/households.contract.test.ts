import { expect, it } from 'vitest';
import {
  claimByNewAccount,
  describeStoreContract,
  newUser,
  tripOfPeople,
} from '../../test-support/store-adapters';
import type { Store } from './types';

/**
 * Households: named groups of a trip's members, each with the member who pays for it, a person in at most one per
 * trip; the trip's switch to settle by them; what happens to a household as its members leave; and a claimed guest's
 * place in one going to the account. Every change moves the ledger version.
 */
describeStoreContract('store contract, households', (adapter) => {
  const versionOf = async (tripId: string) => (await adapter.store.trips.get(tripId))?.ledger_version;
  const saved = async (write: ReturnType<Store['households']['create']>) => {
    const outcome = await write;
    if (outcome.outcome !== 'saved') throw new Error(`not saved: ${outcome.outcome}`);
    return outcome.household;
  };

  it('lists none and the switch off until a household is made, then keeps it whole', async () => {
    const {
      trip,
      people: [ana, bea, cai],
    } = await tripOfPeople(adapter.store, ['Ana', 'Bea', 'Cai']);
    await expect(adapter.store.households.list(trip.id)).resolves.toEqual({
      settle_by_household: false,
      households: [],
    });
    const before = await versionOf(trip.id);
    const household = await saved(
      adapter.store.households.create(trip.id, {
        name: 'Ana & Bea',
        member_ids: [bea.id, ana.id],
        payer_user_id: ana.id,
      }),
    );
    expect(household).toMatchObject({
      trip_id: trip.id,
      name: 'Ana & Bea',
      member_ids: [bea.id, ana.id],
      payer_user_id: ana.id,
    });
    expect(await versionOf(trip.id)).toBeGreaterThan(before ?? 0);
    const alone = await saved(
      adapter.store.households.create(trip.id, { name: 'Cai', member_ids: [cai.id], payer_user_id: cai.id }),
    );
    await expect(adapter.store.households.list(trip.id)).resolves.toEqual({
      settle_by_household: false,
      households: [household, alone],
    });
  });

  it('refuses a non-member or someone in another household, writing nothing', async () => {
    const {
      trip,
      people: [ana, bea, cai],
    } = await tripOfPeople(adapter.store, ['Ana', 'Bea', 'Cai']);
    const other = await tripOfPeople(adapter.store, ['Dan']);
    const stranger = await adapter.store.users.create(newUser());
    const first = await saved(
      adapter.store.households.create(trip.id, {
        name: 'Ana & Bea',
        member_ids: [ana.id, bea.id],
        payer_user_id: ana.id,
      }),
    );
    const version = await versionOf(trip.id);
    for (const id of [stranger.id, other.people[0].id]) {
      await expect(
        adapter.store.households.create(trip.id, {
          name: 'X',
          member_ids: [cai.id, id],
          payer_user_id: cai.id,
        }),
      ).resolves.toEqual({ outcome: 'not-member' });
    }
    await expect(
      adapter.store.households.create(trip.id, {
        name: 'Bea & Cai',
        member_ids: [cai.id, bea.id],
        payer_user_id: cai.id,
      }),
    ).resolves.toEqual({ outcome: 'taken', household: 'Ana & Bea' });
    await expect(
      adapter.store.households.update(trip.id, 'no-such-household', {
        name: 'Y',
        member_ids: [cai.id],
        payer_user_id: cai.id,
      }),
    ).resolves.toEqual({ outcome: 'not-found' });
    await expect(
      adapter.store.households.update(other.trip.id, first.id, {
        name: 'Y',
        member_ids: [other.people[0].id],
        payer_user_id: other.people[0].id,
      }),
    ).resolves.toEqual({ outcome: 'not-found' });
    expect(await versionOf(trip.id)).toBe(version);
    await expect(adapter.store.households.list(trip.id)).resolves.toMatchObject({ households: [first] });
  });

  it('replaces a household whole, keeping its own members free to stay, and deletes it', async () => {
    const {
      trip,
      people: [ana, bea, cai],
    } = await tripOfPeople(adapter.store, ['Ana', 'Bea', 'Cai']);
    const household = await saved(
      adapter.store.households.create(trip.id, {
        name: 'Ana & Bea',
        member_ids: [ana.id, bea.id],
        payer_user_id: ana.id,
      }),
    );
    const updated = await saved(
      adapter.store.households.update(trip.id, household.id, {
        name: 'The Silvas',
        member_ids: [bea.id, cai.id],
        payer_user_id: cai.id,
      }),
    );
    expect(updated).toMatchObject({
      id: household.id,
      created_at: household.created_at,
      name: 'The Silvas',
      member_ids: [bea.id, cai.id],
      payer_user_id: cai.id,
    });
    // Ana left it, so she may be in another now.
    await saved(
      adapter.store.households.create(trip.id, { name: 'Ana', member_ids: [ana.id], payer_user_id: ana.id }),
    );
    const version = await versionOf(trip.id);
    await expect(adapter.store.households.remove(trip.id, household.id)).resolves.toBe(true);
    await expect(adapter.store.households.remove(trip.id, household.id)).resolves.toBe(false);
    expect(await versionOf(trip.id)).toBeGreaterThan(version ?? 0);
    const { households } = await adapter.store.households.list(trip.id);
    expect(households.map((h) => h.name)).toEqual(['Ana']);
  });

  it('turns settling by household on and off, moving the ledger version', async () => {
    const { trip } = await tripOfPeople(adapter.store, ['Ana']);
    const version = await versionOf(trip.id);
    await expect(adapter.store.households.setSettleByHousehold(trip.id, true)).resolves.toBe(true);
    await expect(adapter.store.households.list(trip.id)).resolves.toMatchObject({
      settle_by_household: true,
    });
    expect(await versionOf(trip.id)).toBeGreaterThan(version ?? 0);
    await adapter.store.households.setSettleByHousehold(trip.id, false);
    await expect(adapter.store.households.list(trip.id)).resolves.toMatchObject({
      settle_by_household: false,
    });
    await expect(adapter.store.households.setSettleByHousehold('no-such-trip', true)).resolves.toBe(false);
    // The trip itself answers as before: the switch is no field of the trip record.
    expect(await adapter.store.trips.get(trip.id)).not.toHaveProperty('settle_by_household');
  });

  it('takes a leaving member out: another pays for the rest, and a household left empty is dissolved', async () => {
    const {
      trip,
      people: [ana, bea, cai, dan],
    } = await tripOfPeople(adapter.store, ['Ana', 'Bea', 'Cai', 'Dan']);
    const family = await saved(
      adapter.store.households.create(trip.id, {
        name: 'Family',
        member_ids: [cai.id, bea.id, ana.id],
        payer_user_id: cai.id,
      }),
    );
    await saved(
      adapter.store.households.create(trip.id, { name: 'Dan', member_ids: [dan.id], payer_user_id: dan.id }),
    );
    const guest = await adapter.store.guests.add(trip.id, 'Grandpa', ana.id);
    if (guest.outcome === 'taken') throw new Error('a new trip has no guests');
    await saved(
      adapter.store.households.update(trip.id, family.id, {
        name: 'Family',
        member_ids: [cai.id, bea.id, ana.id, guest.member.user_id],
        payer_user_id: cai.id,
      }),
    );
    const version = await versionOf(trip.id);
    await expect(adapter.store.members.leave(trip.id, cai.id)).resolves.toBe('left');
    expect(await versionOf(trip.id)).toBeGreaterThan(version ?? 0);
    await expect(adapter.store.members.remove(trip.id, dan.id, ana.id)).resolves.toBe('removed');
    await expect(adapter.store.guests.remove(trip.id, guest.member.user_id, ana.id)).resolves.toBe('removed');
    const { households } = await adapter.store.households.list(trip.id);
    expect(households).toEqual([
      expect.objectContaining({ id: family.id, member_ids: [bea.id, ana.id], payer_user_id: bea.id }),
    ]);
    // Someone who left and came back is in no household until one is chosen for them.
    await adapter.store.members.add(trip.id, cai.id);
    await expect(adapter.store.households.list(trip.id)).resolves.toMatchObject({ households });
  });

  it("gives a guest's household place, and paying for it, to the account that claims them", async () => {
    const {
      trip,
      people: [ana, bea],
    } = await tripOfPeople(adapter.store, ['Ana', 'Bea']);
    const added = await adapter.store.guests.add(trip.id, 'The Smiths', ana.id);
    if (added.outcome === 'taken') throw new Error('a new trip has no guests');
    const guestId = added.member.user_id;
    const household = await saved(
      adapter.store.households.create(trip.id, {
        name: 'Bea & the Smiths',
        member_ids: [bea.id, guestId],
        payer_user_id: guestId,
      }),
    );
    const { claimer, outcome } = await claimByNewAccount(adapter.store, trip.id, guestId, ana.id);
    expect(outcome).toMatchObject({ outcome: 'claimed' });
    await expect(adapter.store.households.list(trip.id)).resolves.toMatchObject({
      households: [{ id: household.id, member_ids: [bea.id, claimer.id], payer_user_id: claimer.id }],
    });
  });
});
