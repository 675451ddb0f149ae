import { randomUUID } from 'node:crypto';
import { expect, it } from 'vitest';
import { describeStoreContract, newTrip, newUser } from '../../test-support/store-adapters';

describeStoreContract('store contract, invite links', (adapter) => {
  const hash = () => randomUUID().replaceAll('-', '');
  const soon = (days: number) => new Date(Date.now() + days * 86_400_000).toISOString();

  async function tripOf() {
    const owner = await adapter.store.users.create(newUser({ username: `ana_${randomUUID().slice(0, 6)}` }));
    const trip = await adapter.store.trips.create(owner.id, newTrip());
    /** A new link of the trip by its owner, made now for a week, for any number of people unless `max_uses`. */
    const newLink = (max_uses: number | null = null) => ({
      token_hash: hash(),
      trip_id: trip.id,
      created_by: owner.id,
      created_at: soon(0),
      expires_at: soon(7),
      max_uses,
    });
    return { owner, trip, newLink };
  }

  it('keeps one active link per trip: a new one turns the last off; revoking turns it off', async () => {
    const { owner, trip, newLink } = await tripOf();
    await expect(adapter.store.inviteLinks.active(trip.id)).resolves.toBeNull();
    const first = newLink();
    await expect(adapter.store.inviteLinks.create(first)).resolves.toEqual({
      ...first,
      uses: 0,
      revoked_at: null,
    });
    await expect(adapter.store.inviteLinks.active(trip.id)).resolves.toEqual({
      ...first,
      uses: 0,
      revoked_at: null,
      created_by_username: owner.username,
    });
    const second = { ...first, token_hash: hash(), created_at: soon(0.001) };
    await adapter.store.inviteLinks.create(second);
    await expect(adapter.store.inviteLinks.active(trip.id)).resolves.toMatchObject({
      token_hash: second.token_hash,
    });
    const friend = await adapter.store.users.create(newUser());
    await expect(adapter.store.inviteLinks.join(first.token_hash, friend.id, soon(0.01))).resolves.toEqual({
      outcome: 'revoked',
    });
    await expect(adapter.store.inviteLinks.revoke(trip.id, soon(0.002))).resolves.toBe(true);
    await expect(adapter.store.inviteLinks.revoke(trip.id, soon(0.003))).resolves.toBe(false);
    await expect(adapter.store.inviteLinks.active(trip.id)).resolves.toBeNull();
    // Found by its hash whatever its state: the guest-session page tells a turned-off link from an unknown one.
    await expect(adapter.store.inviteLinks.find(second.token_hash)).resolves.toEqual({
      ...second,
      max_uses: null,
      uses: 0,
      revoked_at: expect.any(String),
    });
    await expect(adapter.store.inviteLinks.find(hash())).resolves.toBeNull();
    await expect(adapter.store.inviteLinks.join(second.token_hash, friend.id, soon(0.01))).resolves.toEqual({
      outcome: 'revoked',
    });
    await expect(adapter.store.members.roleOf(trip.id, friend.id)).resolves.toBeNull();
  });

  it('joins by a live link once (a pending invitation goes), never by an expired or unknown one', async () => {
    const { owner, trip, newLink } = await tripOf();
    const link = newLink();
    await adapter.store.inviteLinks.create(link);
    const friend = await adapter.store.users.create(newUser());
    await adapter.store.invitations.create(trip.id, friend.id, owner.id);
    const joined = await adapter.store.inviteLinks.join(link.token_hash, friend.id, soon(1));
    expect(joined).toEqual({
      outcome: 'joined',
      member: expect.objectContaining({ trip_id: trip.id, user_id: friend.id, role: 'participant' }),
    });
    await expect(adapter.store.members.roleOf(trip.id, friend.id)).resolves.toBe('participant');
    await expect(adapter.store.invitations.listForUser(friend.id)).resolves.toEqual([]);
    await expect(adapter.store.inviteLinks.join(link.token_hash, friend.id, soon(1))).resolves.toMatchObject({
      outcome: 'member',
      member: { user_id: friend.id },
    });
    await expect(adapter.store.inviteLinks.join(link.token_hash, owner.id, soon(1))).resolves.toMatchObject({
      outcome: 'member',
      member: { role: 'owner' },
    });

    const late = await adapter.store.users.create(newUser());
    await expect(adapter.store.inviteLinks.join(link.token_hash, late.id, soon(8))).resolves.toEqual({
      outcome: 'expired',
    });
    await expect(adapter.store.inviteLinks.join(hash(), late.id, soon(1))).resolves.toEqual({
      outcome: 'unknown',
    });
    await expect(adapter.store.members.roleOf(trip.id, late.id)).resolves.toBeNull();
  });

  it('counts the people who join by a link and stops at its limit; members already in cost no use', async () => {
    const { owner, trip, newLink } = await tripOf();
    const link = newLink(1);
    await adapter.store.inviteLinks.create(link);
    await expect(adapter.store.inviteLinks.join(link.token_hash, owner.id, soon(1))).resolves.toMatchObject({
      outcome: 'member',
    });
    const [first, second] = await Promise.all([1, 2].map(() => adapter.store.users.create(newUser())));
    await expect(adapter.store.inviteLinks.join(link.token_hash, first!.id, soon(1))).resolves.toMatchObject({
      outcome: 'joined',
    });
    await expect(adapter.store.inviteLinks.active(trip.id)).resolves.toMatchObject({ uses: 1, max_uses: 1 });
    await expect(adapter.store.inviteLinks.join(link.token_hash, second!.id, soon(1))).resolves.toEqual({
      outcome: 'used-up',
    });
    await expect(adapter.store.members.roleOf(trip.id, second!.id)).resolves.toBeNull();
    await expect(adapter.store.inviteLinks.join(link.token_hash, first!.id, soon(1))).resolves.toMatchObject({
      outcome: 'member',
    });
  });

  it("deletes a trip's links with the trip", async () => {
    const { trip, newLink } = await tripOf();
    const link = newLink();
    await adapter.store.inviteLinks.create(link);
    await adapter.store.trips.delete(trip.id);
    const friend = await adapter.store.users.create(newUser());
    await expect(adapter.store.inviteLinks.join(link.token_hash, friend.id, soon(1))).resolves.toEqual({
      outcome: 'unknown',
    });
  });
});
