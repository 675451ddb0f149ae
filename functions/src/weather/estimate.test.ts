import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { estimateDay } from './estimate';

const isoDate = fc
  .date({ min: new Date('2020-01-01T00:00:00Z'), max: new Date('2040-12-31T00:00:00Z'), noInvalidDate: true })
  .map((d) => d.toISOString().slice(0, 10));

describe('estimateDay', () => {
  it("stays inside the spec's ranges: minimum 10–24 °C, maximum the minimum plus 5–14", () => {
    fc.assert(
      fc.property(
        fc.string(),
        fc.double({ min: -90, max: 90, noNaN: true }),
        isoDate,
        (seed, latitude, date) => {
          const day = estimateDay(seed, latitude, date);
          expect(day.min_c).toBeGreaterThanOrEqual(10);
          expect(day.min_c).toBeLessThanOrEqual(24);
          expect(day.max_c - day.min_c).toBeGreaterThanOrEqual(5);
          expect(day.max_c - day.min_c).toBeLessThanOrEqual(14);
          expect(day.avg_c).toBe(Math.round((day.min_c + day.max_c) / 2));
          expect(day).toMatchObject({ date, estimate: true });
        },
      ),
    );
  });

  it('gives the same day the same weather every time, so the page does not flicker', () => {
    expect(estimateDay('trip-1|2027-03-05', 38.7, '2027-03-05')).toEqual(
      estimateDay('trip-1|2027-03-05', 38.7, '2027-03-05'),
    );
  });

  it('reads colder far from the equator in its winter than near it', () => {
    const average = (latitude: number, date: string) =>
      Array.from({ length: 50 }, (_, i) => estimateDay(`seed-${i}`, latitude, date).min_c).reduce(
        (a, b) => a + b,
      ) / 50;
    expect(average(64, '2027-01-15')).toBeLessThan(average(13, '2027-01-15'));
    expect(average(-34, '2027-01-15')).toBeGreaterThan(average(-34, '2027-07-15'));
  });
});
