import { describe, expect, it } from 'vitest';
import { formatDateRange } from './dates';

describe('formatDateRange', () => {
  it('formats date ranges with the year once, or twice across a new year', () => {
    expect(formatDateRange('2027-03-05', '2027-03-09')).toBe('Mar 5 – Mar 9, 2027');
    expect(formatDateRange('2026-12-30', '2027-01-02')).toBe('Dec 30, 2026 – Jan 2, 2027');
    expect(formatDateRange('2027-03-05', null)).toBe('Mar 5, 2027');
    expect(formatDateRange(null, null)).toBe('Dates not set');
  });
});
