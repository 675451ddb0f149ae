import { describe, expect, it } from 'vitest';
import { OFFLINE_API_READS } from './offline-reads';

const kept = (path: string) => OFFLINE_API_READS.test(`https://wayfare.example${path}`);

describe('OFFLINE_API_READS', () => {
  it('keeps the trip list, each trip and its weather, the ledger reads, the split overview and city photos', () => {
    for (const path of [
      '/api/trips',
      '/api/trips?cursor=&limit=20',
      '/api/trips/t1',
      '/api/trips/t1/weather',
      '/api/trip-split/trips/t1/participants',
      '/api/trip-split/trips/t1/expenses?cursor=abc',
      '/api/trip-split/trips/t1/settlements',
      '/api/trip-split/user/trips',
      '/api/places/photo?city=Lisbon',
    ]) {
      expect(kept(path), path).toBe(true);
    }
  });

  it('keeps nothing else: not the live stream, writes of other paths, or the account', () => {
    for (const path of [
      '/api/trip-split/trips/t1/live',
      '/api/trip-split/trips/t1/settlements/calculate',
      '/api/trip-split/trips/t1/participants/u1/weight',
      '/api/trips/t1/plans',
      '/api/auth/me',
      '/api/tripsX',
    ]) {
      expect(kept(path), path).toBe(false);
    }
  });
});
