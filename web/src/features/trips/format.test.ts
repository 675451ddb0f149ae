import { describe, expect, it } from 'vitest';
import { formatDateRange, ordinal, peopleLabel } from './format';

describe('trip formatting', () => {
  it('formats date ranges with the year once, or twice across a new year', () => {
    expect(formatDateRange('2027-03-05', '2027-03-09')).toBe('Mar 5 – Mar 9, 2027');
    expect(formatDateRange('2026-12-30', '2027-01-02')).toBe('Dec 30, 2026 – Jan 2, 2027');
    expect(formatDateRange('2027-03-05', null)).toBe('Mar 5, 2027');
    expect(formatDateRange(null, null)).toBe('Dates not set');
  });

  it('says Person for one and People otherwise', () => {
    expect([0, 1, 2, 12].map(peopleLabel)).toEqual(['0 People', '1 Person', '2 People', '12 People']);
  });

  it('writes English ordinals', () => {
    expect([1, 2, 3, 4, 11, 12, 13, 21, 22, 23, 101].map(ordinal)).toEqual([
      '1st',
      '2nd',
      '3rd',
      '4th',
      '11th',
      '12th',
      '13th',
      '21st',
      '22nd',
      '23rd',
      '101st',
    ]);
  });
});
