import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { MAX_CENTS, minorToMajor } from '@wayfare/contract';
import { createImageUrls } from '../files/image-urls';
import type { TripListFields } from '../store/types';
import { toTripSummary } from './view';

const trip = (home_currency: string | undefined, total_expenses_minor: number): TripListFields => ({
  id: 't1',
  owner_id: 'u1',
  trip_name: 'Kyoto',
  description: '',
  city_name: 'Kyoto',
  start_date: null,
  end_date: null,
  number_of_people: 1,
  budget_range: null,
  image_path: null,
  latitude: null,
  longitude: null,
  ...(home_currency && { home_currency }),
  expense_count: 1,
  total_expenses_minor,
  ledger_version: 1,
  created_at: '2027-01-01T00:00:00.000Z',
});
const member = { userId: 'u1', role: 'owner' as const, participantCount: 1, ownerUsername: 'ana' };
const urls = createImageUrls('test-secret');

describe('toTripSummary', () => {
  it("gives total_expenses in the trip's home currency's major units, as the split overview's card does", () => {
    expect(toTripSummary(trip('JPY', 1500), member, urls).total_expenses).toBe(1500);
    expect(toTripSummary(trip('KWD', 1500), member, urls).total_expenses).toBe(1.5);
    expect(toTripSummary(trip(undefined, 1538), member, urls).total_expenses).toBe(15.38);
    fc.assert(
      fc.property(fc.constantFrom('USD', 'EUR', 'JPY', 'BHD'), fc.nat(MAX_CENTS), (currency, minor) => {
        const summary = toTripSummary(trip(currency, minor), member, urls);
        expect([summary.total_expenses_cents, summary.total_expenses]).toEqual([
          minor,
          minorToMajor(minor, currency),
        ]);
      }),
    );
  });
});
