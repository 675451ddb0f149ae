import { describe, expect, it } from 'vitest';
import {
  createTripBody,
  createTripBodySchema,
  dateRangeProblem,
  EMPTY_ANSWERS,
  FLEXIBLE_DURATIONS,
  flexibleDates,
  toIsoDate,
  tripLengthDays,
} from './question-flow';
import { addDays } from './trip-views';

describe('flexible durations', () => {
  it('map to 3, 7, 10 and 14 days starting 7 days from today', () => {
    const today = new Date(2027, 2, 1, 23, 30); // late evening local time must still be 1 March
    expect(FLEXIBLE_DURATIONS.map((d) => [d.label, flexibleDates(d.label, today)])).toEqual([
      ['1-3 days', { startDate: '2027-03-08', endDate: '2027-03-10' }],
      ['4-7 days', { startDate: '2027-03-08', endDate: '2027-03-14' }],
      ['1-2 weeks', { startDate: '2027-03-08', endDate: '2027-03-17' }],
      ['2+ weeks', { startDate: '2027-03-08', endDate: '2027-03-21' }],
    ]);
    for (const { label, days } of FLEXIBLE_DURATIONS) {
      const { startDate, endDate } = flexibleDates(label, today);
      expect(tripLengthDays(startDate, endDate)).toBe(days);
    }
  });

  it('cross month and year ends', () => {
    expect(flexibleDates('2+ weeks', new Date(2027, 11, 28))).toEqual({
      startDate: '2028-01-04',
      endDate: '2028-01-17',
    });
  });

  it('default to 3 days without dates', () => {
    expect(tripLengthDays('', '')).toBe(3);
    expect(tripLengthDays(null, '2027-01-01')).toBe(3);
  });
});

describe('date rules', () => {
  const today = '2027-06-10';
  it('accept today (and yesterday, for time zones ahead of the server) and one-day trips', () => {
    expect(dateRangeProblem('2027-06-10', '2027-06-10', today)).toBeNull();
    expect(dateRangeProblem('2027-06-09', '2027-06-12', today)).toBeNull();
  });
  it('reject past starts, ends before starts and trips over 60 days', () => {
    expect(dateRangeProblem('2027-06-08', '2027-06-12', today)?.field).toBe('startDate');
    expect(dateRangeProblem('2027-06-12', '2027-06-11', today)?.message).toBe(
      'The trip must end on or after the day it starts',
    );
    expect(dateRangeProblem('2027-06-12', '2027-08-10', today)).toBeNull();
    expect(dateRangeProblem('2027-06-12', '2027-08-11', today)?.message).toBe(
      'A trip can be at most 60 days long',
    );
  });
});

describe('the POST /api/trips body', () => {
  const start = addDays(toIsoDate(new Date()), 7);
  const answers = {
    ...EMPTY_ANSWERS,
    destination: '  Lisbon ',
    dates: '1-3 days',
    startDate: start,
    endDate: addDays(start, 2),
    budget: 'Moderate',
    interests: ['Food & Dining', 'Nightlife'],
    travelStyle: 'Couple',
  };

  it('is built from the answers with one traveller and parses', () => {
    const body = createTripBody(answers, { latitude: 38.7, longitude: -9.1 });
    expect(body).toMatchObject({
      destination: 'Lisbon',
      numberOfPeople: 1,
      budgetRange: 'Moderate',
      latitude: 38.7,
    });
    const parsed = createTripBodySchema.parse(body);
    expect(parsed.preferences.interests).toEqual(['Food & Dining', 'Nightlife']);
  });

  it('rejects unknown choices, bad dates and more than one traveller', () => {
    const base = createTripBody(answers, null);
    expect(createTripBodySchema.safeParse({ ...base, budgetRange: 'Cheap' }).success).toBe(false);
    expect(createTripBodySchema.safeParse({ ...base, endDate: '2027-02-30' }).success).toBe(false);
    expect(createTripBodySchema.safeParse({ ...base, numberOfPeople: 3 }).success).toBe(false);
    const reversed = createTripBodySchema.safeParse({ ...base, endDate: addDays(start, -1) });
    expect(reversed.success).toBe(false);
    expect(reversed.error?.issues[0]?.path).toEqual(['endDate']);
  });
});
