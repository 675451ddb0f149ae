import { randomUUID } from 'node:crypto';
import { expect, it } from 'vitest';
import { describeStoreContract, newTrip, newUser } from '../../test-support/store-adapters';
import type { WrittenGuide } from './types';

const written: WrittenGuide = {
  guide_status: 'ready',
  recommendations: '{"itinerary":{"day1":{"day_plan":"Alfama","food":"Sardines"}}}',
  recommendations_provider: 'gemini',
  attractions: [{ key: 'sight-1', name: 'Alfama', location: { lat: 38.711, lng: -9.13 } }],
};

describeStoreContract('store contract, background guides', (adapter) => {
  const writingTrip = async () => {
    const owner = await adapter.store.users.create(newUser());
    return adapter.store.trips.create(
      owner.id,
      newTrip({
        guide_status: 'writing',
        recommendations: null,
        recommendations_provider: null,
        attractions: [],
      }),
    );
  };

  it('keeps a trip "writing" with no guide, lists it, and stores the written guide once', async () => {
    const trip = await writingTrip();
    expect(await adapter.store.trips.get(trip.id)).toMatchObject({
      guide_status: 'writing',
      recommendations: null,
      recommendations_provider: null,
      attractions: [],
    });
    expect(await adapter.store.trips.listWritingGuides()).toContain(trip.id);

    expect(await adapter.store.trips.finishGuide(trip.id, written)).toBe(true);
    const finished = await adapter.store.trips.get(trip.id);
    expect(finished).toMatchObject(written);
    expect(finished!.updated_at >= trip.updated_at).toBe(true);
    expect(await adapter.store.trips.listWritingGuides()).not.toContain(trip.id);

    // A repeated or late job never overwrites the finished guide.
    const late: WrittenGuide = { ...written, guide_status: 'fallback', recommendations_provider: 'offline' };
    expect(await adapter.store.trips.finishGuide(trip.id, late)).toBe(false);
    expect(await adapter.store.trips.get(trip.id)).toMatchObject(written);
  });

  it('keeps the fallback status, and writes nothing for a trip that is gone or was never writing', async () => {
    const trip = await writingTrip();
    const fallback: WrittenGuide = {
      ...written,
      guide_status: 'fallback',
      recommendations_provider: 'offline',
    };
    expect(await adapter.store.trips.finishGuide(trip.id, fallback)).toBe(true);
    expect(await adapter.store.trips.get(trip.id)).toMatchObject({ guide_status: 'fallback' });

    const owner = await adapter.store.users.create(newUser());
    const ready = await adapter.store.trips.create(owner.id, newTrip());
    expect(ready.guide_status).toBe('ready');
    expect(await adapter.store.trips.finishGuide(ready.id, written)).toBe(false);
    expect(await adapter.store.trips.get(ready.id)).toMatchObject({ recommendations: ready.recommendations });
    expect(await adapter.store.trips.finishGuide(randomUUID(), written)).toBe(false);
  });
});
