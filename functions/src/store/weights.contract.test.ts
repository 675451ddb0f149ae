import { expect, it } from 'vitest';
import {
  claimByNewAccount,
  describeStoreContract,
  newUser,
  tripOfPeople,
} from '../../test-support/store-adapters';

/** A participant's weight: 1 until set, kept on the membership, and carried over when a guest is claimed. */
describeStoreContract('store contract, participant weights', (adapter) => {
  const weightsOf = async (tripId: string) =>
    Object.fromEntries((await adapter.store.members.list(tripId)).map((m) => [m.user_id, m.weight]));

  it('answers every member with weight 1 until one is set, then the weight set', async () => {
    const {
      trip,
      people: [ana, bea],
    } = await tripOfPeople(adapter.store, ['Ana', 'Bea']);
    await expect(weightsOf(trip.id)).resolves.toEqual({ [ana.id]: 1, [bea.id]: 1 });
    await expect(adapter.store.members.setWeight(trip.id, bea.id, 4, ana.id)).resolves.toMatchObject({
      trip_id: trip.id,
      user_id: bea.id,
      first_name: 'Bea',
      role: 'participant',
      weight: 4,
    });
    await expect(weightsOf(trip.id)).resolves.toEqual({ [ana.id]: 1, [bea.id]: 4 });
    await expect(adapter.store.members.setWeight(trip.id, ana.id, 99, bea.id)).resolves.toMatchObject({
      role: 'owner',
      weight: 99,
    });
    await expect(weightsOf(trip.id)).resolves.toEqual({ [ana.id]: 99, [bea.id]: 4 });
    // Each change is history, by whom and from what; setting a weight to what it is writes nothing.
    await adapter.store.members.setWeight(trip.id, bea.id, 4, ana.id);
    const changes = (await adapter.store.activity.listAll(trip.id)).filter((e) => e.kind === 'member.weight');
    expect(changes.map(({ actor_id, ...e }) => ({ actor_id, change: e }))).toEqual([
      { actor_id: ana.id, change: expect.objectContaining({ user_id: bea.id, from: 1, to: 4 }) },
      { actor_id: bea.id, change: expect.objectContaining({ user_id: ana.id, from: 1, to: 99 }) },
    ]);
  });

  it('sets no weight for someone who is not a member, and nothing in another trip', async () => {
    const {
      trip,
      people: [ana],
    } = await tripOfPeople(adapter.store, ['Ana']);
    const other = await tripOfPeople(adapter.store, ['Cai', 'Dan']);
    const stranger = await adapter.store.users.create(newUser());
    await expect(adapter.store.members.setWeight(trip.id, stranger.id, 3, ana.id)).resolves.toBeNull();
    await expect(adapter.store.members.setWeight(trip.id, other.people[1].id, 3, ana.id)).resolves.toBeNull();
    await expect(adapter.store.members.setWeight('no-such-trip', ana.id, 3, ana.id)).resolves.toBeNull();
    await expect(weightsOf(other.trip.id)).resolves.toEqual({
      [other.people[0].id]: 1,
      [other.people[1].id]: 1,
    });
  });

  it("gives a guest's weight to the account that claims them", async () => {
    const {
      trip,
      people: [ana],
    } = await tripOfPeople(adapter.store, ['Ana']);
    const added = await adapter.store.guests.add(trip.id, 'The Smiths', ana.id);
    if (added.outcome === 'taken') throw new Error('a new trip has no guests');
    const guestId = added.member.user_id;
    expect(added.member.weight).toBe(1);
    await adapter.store.members.setWeight(trip.id, guestId, 4, ana.id);
    const { claimer, outcome } = await claimByNewAccount(adapter.store, trip.id, guestId, ana.id);
    expect(outcome).toMatchObject({ outcome: 'claimed', member: { user_id: claimer.id, weight: 4 } });
    await expect(weightsOf(trip.id)).resolves.toEqual({ [ana.id]: 1, [claimer.id]: 4 });
  });
});
