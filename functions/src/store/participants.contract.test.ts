import { expect, it } from 'vitest';
import { describeStoreContract, newTrip, newUser } from '../../test-support/store-adapters';

/** Direct adds with who added, each person's add policy, sharing a trip, handing a trip over. */
describeStoreContract('store contract, participants', (adapter) => {
  async function tripWithOwner() {
    const owner = await adapter.store.users.create(newUser());
    const trip = await adapter.store.trips.create(owner.id, newTrip());
    return { owner, trip };
  }

  it("keeps each user's add policy: 'anyone' until they change it", async () => {
    const bea = await adapter.store.users.create(newUser());
    expect(bea.add_policy).toBe('anyone');
    await expect(adapter.store.users.findById(bea.id)).resolves.toMatchObject({ add_policy: 'anyone' });
    await expect(adapter.store.users.setAddPolicy(bea.id, 'shared_trip')).resolves.toMatchObject({
      id: bea.id,
      add_policy: 'shared_trip',
    });
    await expect(adapter.store.users.findById(bea.id)).resolves.toMatchObject({ add_policy: 'shared_trip' });
    await expect(adapter.store.users.findByEmail(bea.email)).resolves.toMatchObject({
      add_policy: 'shared_trip',
    });
    await expect(adapter.store.users.setAddPolicy('no-such-user', 'nobody')).resolves.toBeNull();
    const cai = await adapter.store.users.create(newUser({ add_policy: 'nobody' }));
    await expect(adapter.store.users.findByUsername(cai.username)).resolves.toMatchObject({
      add_policy: 'nobody',
    });
  });

  it('adds a member with who added them (on their trip list), clearing a pending invitation', async () => {
    const { owner, trip } = await tripWithOwner();
    const [bea, cai] = [
      await adapter.store.users.create(newUser()),
      await adapter.store.users.create(newUser()),
    ];
    await adapter.store.invitations.create(trip.id, bea.id, owner.id);
    await expect(adapter.store.members.add(trip.id, bea.id, owner.id)).resolves.toMatchObject({
      user_id: bea.id,
      role: 'participant',
    });
    await expect(adapter.store.invitations.listForTrip(trip.id)).resolves.toEqual([]);
    await expect(adapter.store.invitations.listForUser(bea.id)).resolves.toEqual([]);
    await adapter.store.members.add(trip.id, cai.id);
    await expect(adapter.store.trips.listForUser(bea.id)).resolves.toEqual([
      expect.objectContaining({
        id: trip.id,
        role: 'participant',
        member_count: 3,
        added_by_username: owner.username,
      }),
    ]);
    await expect(adapter.store.trips.listForUser(cai.id)).resolves.toEqual([
      expect.objectContaining({ id: trip.id, added_by_username: null }),
    ]);
    await expect(adapter.store.trips.listForUser(owner.id)).resolves.toEqual([
      expect.objectContaining({ id: trip.id, role: 'owner', added_by_username: null }),
    ]);
  });

  it('tells whether two users are in a trip together now', async () => {
    const { owner, trip } = await tripWithOwner();
    const [bea, cai] = [
      await adapter.store.users.create(newUser()),
      await adapter.store.users.create(newUser()),
    ];
    await expect(adapter.store.members.shareATrip(owner.id, bea.id)).resolves.toBe(false);
    await adapter.store.members.add(trip.id, bea.id, owner.id);
    await expect(adapter.store.members.shareATrip(owner.id, bea.id)).resolves.toBe(true);
    await expect(adapter.store.members.shareATrip(bea.id, owner.id)).resolves.toBe(true);
    await expect(adapter.store.members.shareATrip(bea.id, cai.id)).resolves.toBe(false);
    await expect(adapter.store.members.leave(trip.id, bea.id)).resolves.toBe('left');
    await expect(adapter.store.members.shareATrip(owner.id, bea.id)).resolves.toBe(false);
  });

  it('hands a trip from its owner to a participant in one write, and refuses anyone else', async () => {
    const { owner, trip } = await tripWithOwner();
    const [bea, zed] = [
      await adapter.store.users.create(newUser()),
      await adapter.store.users.create(newUser()),
    ];
    await adapter.store.members.add(trip.id, bea.id, owner.id);
    await expect(adapter.store.members.transferOwnership(trip.id, bea.id, owner.id)).resolves.toBe(
      'not-owner',
    );
    await expect(adapter.store.members.transferOwnership(trip.id, owner.id, zed.id)).resolves.toBe(
      'not-member',
    );
    await expect(adapter.store.members.transferOwnership(trip.id, owner.id, owner.id)).resolves.toBe(
      'not-member',
    );
    await expect(adapter.store.trips.get(trip.id)).resolves.toMatchObject({ owner_id: owner.id });

    await expect(adapter.store.members.transferOwnership(trip.id, owner.id, bea.id)).resolves.toBe(
      'transferred',
    );
    await expect(adapter.store.trips.get(trip.id)).resolves.toMatchObject({ owner_id: bea.id });
    await expect(adapter.store.members.list(trip.id)).resolves.toEqual([
      expect.objectContaining({ user_id: bea.id, role: 'owner' }),
      expect.objectContaining({ user_id: owner.id, role: 'participant' }),
    ]);
    await expect(adapter.store.trips.listForUser(owner.id)).resolves.toEqual([
      expect.objectContaining({ id: trip.id, role: 'participant', owner_username: bea.username }),
    ]);
    await expect(adapter.store.members.leave(trip.id, bea.id)).resolves.toBe('owner');
    await expect(adapter.store.members.leave(trip.id, owner.id)).resolves.toBe('left');
  });
});
