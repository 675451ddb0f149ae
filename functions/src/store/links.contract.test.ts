import { randomBytes, randomUUID } from 'node:crypto';
import { expect, it } from 'vitest';
import { describeStoreContract, newTrip, newUser } from '../../test-support/store-adapters';
import type { NewLink } from './types';

describeStoreContract('store contract, trip links', (adapter) => {
  const newTripWithOwner = async () => {
    const owner = await adapter.store.users.create(newUser());
    return { ownerId: owner.id, tripId: (await adapter.store.trips.create(owner.id, newTrip())).id };
  };
  const link = (tripId: string, overrides: Partial<NewLink> = {}): NewLink => ({
    id: randomBytes(18).toString('base64url'),
    trip_id: tripId,
    kind: 'share',
    member_id: null,
    created_by: 'someone',
    ...overrides,
  });

  it('keeps one link per slot: a replaced link is gone, other slots are untouched', async () => {
    const { tripId, ownerId } = await newTripWithOwner();
    await expect(adapter.store.links.current(tripId, 'share', null)).resolves.toBeNull();
    const first = await adapter.store.links.replace(link(tripId, { created_by: ownerId }));
    expect(first).toMatchObject({ trip_id: tripId, kind: 'share', member_id: null, created_by: ownerId });
    expect(first.created_at).toEqual(expect.any(String));
    await expect(adapter.store.links.get(tripId, first.id)).resolves.toEqual(first);
    await expect(adapter.store.links.current(tripId, 'share', null)).resolves.toEqual(first);

    const feed = await adapter.store.links.replace(link(tripId, { kind: 'calendar', member_id: ownerId }));
    const otherFeed = await adapter.store.links.replace(link(tripId, { kind: 'calendar', member_id: 'u2' }));
    const second = await adapter.store.links.replace(link(tripId));
    await expect(adapter.store.links.get(tripId, first.id)).resolves.toBeNull();
    await expect(adapter.store.links.current(tripId, 'share', null)).resolves.toEqual(second);
    await expect(adapter.store.links.current(tripId, 'calendar', ownerId)).resolves.toEqual(feed);
    await expect(adapter.store.links.current(tripId, 'calendar', 'u2')).resolves.toEqual(otherFeed);
    // A link is only reachable through its own trip.
    const other = await newTripWithOwner();
    await expect(adapter.store.links.get(other.tripId, second.id)).resolves.toBeNull();
  });

  it('revokes a slot once, leaving the others', async () => {
    const { tripId, ownerId } = await newTripWithOwner();
    const share = await adapter.store.links.replace(link(tripId));
    const feed = await adapter.store.links.replace(link(tripId, { kind: 'calendar', member_id: ownerId }));
    await expect(adapter.store.links.revoke(tripId, 'calendar', ownerId)).resolves.toBe(true);
    await expect(adapter.store.links.revoke(tripId, 'calendar', ownerId)).resolves.toBe(false);
    await expect(adapter.store.links.get(tripId, feed.id)).resolves.toBeNull();
    await expect(adapter.store.links.get(tripId, share.id)).resolves.toEqual(share);
    await expect(adapter.store.links.revoke(tripId, 'share', null)).resolves.toBe(true);
    await expect(adapter.store.links.current(tripId, 'share', null)).resolves.toBeNull();
    await expect(adapter.store.links.revoke(randomUUID(), 'share', null)).resolves.toBe(false);
  });

  it('deletes a trip with its links', async () => {
    const { tripId } = await newTripWithOwner();
    const share = await adapter.store.links.replace(link(tripId));
    await adapter.store.trips.delete(tripId);
    await expect(adapter.store.links.get(tripId, share.id)).resolves.toBeNull();
    await expect(adapter.store.links.current(tripId, 'share', null)).resolves.toBeNull();
  });
});
