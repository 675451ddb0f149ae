import { describe, expect, it } from 'vitest';
import { checksAnswer, endpointUrl, RAW, typedAnswer } from './endpoint';
import { getBudget, listActivity, liveStream, splitUserTrips } from './ledger';
import { calendarFeed, sharedPhoto } from './links';
import { listTrips } from './trips';

describe('endpointUrl', () => {
  it('fills each path param URI-encoded, under /api', () => {
    expect(endpointUrl(getBudget, { params: { tripId: 'a b/c' } })).toBe(
      '/api/trip-split/trips/a%20b%2Fc/budget',
    );
    expect(endpointUrl(calendarFeed, { params: { tripId: 't', token: 'k' } })).toBe('/api/calendar/t/k.ics');
  });

  it('keeps an empty query value and drops undefined and null ones', () => {
    expect(endpointUrl(listTrips, { query: { cursor: '' } })).toBe('/api/trips?cursor=');
    expect(endpointUrl(splitUserTrips, { query: { cursor: 'x' } })).toBe(
      '/api/trip-split/user/trips?cursor=x',
    );
    expect(endpointUrl(listActivity, { params: { tripId: 't' }, query: { cursor: undefined } })).toBe(
      '/api/trip-split/trips/t/activity',
    );
    expect(endpointUrl(sharedPhoto, { params: { tripId: 't', token: 'k' }, query: { maxWidth: 800 } })).toBe(
      '/api/shared/t/k/photo?maxWidth=800',
    );
  });

  it("leaves values as they are with its own encoding (the first-load table's $1)", () => {
    expect(endpointUrl(liveStream, { params: { tripId: '$1' } }, (value) => value)).toBe(
      '/api/trip-split/trips/$1/live',
    );
  });

  it('refuses a path param without a value', () => {
    expect(() => endpointUrl(getBudget, {})).toThrow(/:tripId/);
  });
});

describe('checksAnswer', () => {
  it('checks schemas, not typed, raw or absent answers', () => {
    expect(checksAnswer(listTrips.answer)).toBe(true);
    expect(checksAnswer(typedAnswer<number>())).toBe(false);
    expect(checksAnswer(RAW)).toBe(false);
    expect(checksAnswer(undefined)).toBe(false);
  });
});
