import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  MAX_MINOR,
  formatMoney,
  minorToDecimalText,
  parseDollarsToCents,
  splitByShares,
  splitCustom,
  splitEqual,
  splitPercent,
  sumMinor,
} from './money';

const cents = fc.integer({ min: 0, max: MAX_MINOR });

describe('parseDollarsToCents', () => {
  it.each([
    [12, 1200],
    [12.5, 1250],
    [0.07, 7],
    ['33.33', 3333],
    [' 4.1 ', 410],
    ['0', 0],
    [10_000_000, MAX_MINOR],
  ])('parses %j to %d cents', (input, expected) => {
    expect(parseDollarsToCents(input)).toBe(expected);
  });

  it.each([
    [-1],
    ['-1'],
    ['1.234'],
    [0.1 + 0.2],
    ['abc'],
    [''],
    [Number.NaN],
    [Infinity],
    [null],
    ['1e3'],
    [10_000_000.01],
  ])('rejects %j', (input) => {
    expect(parseDollarsToCents(input)).toBeNull();
  });

  it('round-trips every cent amount through its dollar text and number', () => {
    fc.assert(
      fc.property(cents, (c) => {
        expect(parseDollarsToCents((c / 100).toFixed(2))).toBe(c);
        expect(parseDollarsToCents(c / 100)).toBe(c);
      }),
    );
  });
});

describe('formatMoney', () => {
  it('shows US dollars in en-US with 2 decimals and grouping', () => {
    expect(formatMoney(3333, 'en-US')).toBe('$33.33');
    expect(formatMoney(123456789, 'en-US')).toBe('$1,234,567.89');
    expect(formatMoney(0, 'en-US')).toBe('$0.00');
  });

  it('formats minor units in the locale and currency, en-US like Intl with US dollars', () => {
    const usd = new Intl.NumberFormat('en-US', {
      style: 'currency',
      currency: 'USD',
      minimumFractionDigits: 2,
    });
    expect(formatMoney(123450, 'en-US')).toBe('$1,234.50');
    expect(formatMoney(1538, 'de-DE')).toBe('15,38\u00a0$');
    expect(formatMoney(1538, 'de-DE', 'EUR')).toBe('15,38\u00a0€');
    fc.assert(fc.property(cents, (c) => formatMoney(c, 'en-US') === usd.format(c / 100)));
  });
});

describe('minorToDecimalText at 2 digits', () => {
  it('is the exact dot-decimal dollars that parseDollarsToCents reads back', () => {
    expect(minorToDecimalText(1538, 2)).toBe('15.38');
    expect(minorToDecimalText(5, 2)).toBe('0.05');
    fc.assert(fc.property(cents, (c) => parseDollarsToCents(minorToDecimalText(c, 2)) === c));
  });
});

describe('splitEqual', () => {
  it('sums exactly, puts the remainder on the last person, and never differs by more than the remainder', () => {
    fc.assert(
      fc.property(cents, fc.integer({ min: 1, max: 200 }), (total, people) => {
        const shares = splitEqual(total, people);
        expect(shares).toHaveLength(people);
        expect(sumMinor(shares)).toBe(total);
        const base = Math.floor(total / people);
        expect(shares.slice(0, -1).every((s) => s === base)).toBe(true);
        expect(shares[people - 1]).toBe(base + (total % people));
      }),
    );
  });

  it('splits $100 three ways as 33.33, 33.33, 33.34', () => {
    expect(splitEqual(10000, 3)).toEqual([3333, 3333, 3334]);
    expect(splitEqual(500, 0)).toEqual([]);
  });
});

describe('splitCustom', () => {
  it('keeps exact amounts and adjusts any mismatch onto the last person', () => {
    fc.assert(
      fc.property(
        cents,
        fc.array(fc.integer({ min: 0, max: 1_000_000 }), { minLength: 1, maxLength: 30 }),
        (total, amounts) => {
          const shares = splitCustom(total, amounts);
          const othersSum = sumMinor(amounts.slice(0, -1));
          if (othersSum > total) {
            expect(shares).toBeNull();
            return;
          }
          expect(shares).not.toBeNull();
          expect(sumMinor(shares!)).toBe(total);
          expect(shares!.slice(0, -1)).toEqual(amounts.slice(0, -1));
          expect(shares!.every((s) => s >= 0)).toBe(true);
        },
      ),
    );
  });

  it('rejects nobody, negatives and fractions of cents', () => {
    expect(splitCustom(100, [])).toBeNull();
    expect(splitCustom(100, [-1, 101])).toBeNull();
    expect(splitCustom(100, [0.5, 99.5])).toBeNull();
    expect(splitCustom(1000, [333, 333, 333])).toEqual([333, 333, 334]);
  });
});

describe('splitPercent', () => {
  it('normalises any positive weights, sums exactly, and never gives a negative share', () => {
    fc.assert(
      fc.property(
        cents,
        fc.array(fc.double({ min: 0, max: 1000, noNaN: true }), { minLength: 1, maxLength: 30 }),
        (total, percents) => {
          const shares = splitPercent(total, percents);
          if (!(sumMinor(percents) > 0)) {
            expect(shares).toBeNull();
            return;
          }
          expect(sumMinor(shares!)).toBe(total);
          expect(shares!.every((s) => Number.isInteger(s) && s >= 0)).toBe(true);
          // Each share is within one cent per person of its exact proportion.
          const weight = sumMinor(percents);
          shares!.forEach((share, i) => {
            expect(Math.abs(share - (total * percents[i]!) / weight)).toBeLessThanOrEqual(percents.length);
          });
        },
      ),
    );
  });

  it('gives 50/30/20 of $99.99 as 49.99, 29.99, 20.01 and refuses a zero total', () => {
    expect(splitPercent(9999, [50, 30, 20])).toEqual([4999, 2999, 2001]);
    expect(splitPercent(9999, [0, 0])).toBeNull();
    expect(splitPercent(9999, [])).toBeNull();
  });
});

describe('splitByShares', () => {
  const shares = fc.array(fc.integer({ min: 1, max: 99 }), { minLength: 1, maxLength: 30 });

  it('sums exactly; every share but the last is its proportion rounded down, the last within a unit a person', () => {
    fc.assert(
      fc.property(cents, shares, (total, weights) => {
        const parts = splitByShares(total, weights)!;
        expect(sumMinor(parts)).toBe(total);
        expect(parts.every((p) => Number.isInteger(p) && p >= 0)).toBe(true);
        const whole = sumMinor(weights);
        parts.forEach((part, i) => {
          const exact = (total * weights[i]!) / whole;
          // Rounding down loses under a unit a share; the last person takes what the others lost.
          if (i < parts.length - 1) {
            expect(part).toBeLessThanOrEqual(exact);
            expect(part).toBeGreaterThan(exact - 1);
          } else {
            expect(part).toBeGreaterThanOrEqual(exact);
            expect(part).toBeLessThan(exact + weights.length);
          }
        });
      }),
    );
  });

  it('splits equal shares exactly as splitEqual does', () => {
    fc.assert(
      fc.property(cents, fc.integer({ min: 1, max: 200 }), fc.integer({ min: 1, max: 99 }), (total, n, w) => {
        expect(
          splitByShares(
            total,
            Array.from({ length: n }, () => w),
          ),
        ).toEqual(splitEqual(total, n));
      }),
    );
  });

  it('gives a family of four and two travellers 4/6 and 1/6 each of $100, and refuses no shares', () => {
    expect(splitByShares(10000, [4, 1, 1])).toEqual([6666, 1666, 1668]);
    expect(splitByShares(10000, [])).toBeNull();
    expect(splitByShares(10000, [0, 0])).toBeNull();
    expect(splitByShares(10000, [1.5, 1])).toBeNull();
    expect(splitByShares(10000, [-1, 2])).toBeNull();
  });
});
