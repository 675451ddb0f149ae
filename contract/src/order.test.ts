import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { compareCodeUnits } from './order';

describe('compareCodeUnits', () => {
  it('orders ids, dates and timestamps as SQLite BINARY does, whatever the locale', () => {
    fc.assert(
      fc.property(fc.string({ unit: 'binary-ascii' }), fc.string({ unit: 'binary-ascii' }), (a, b) => {
        const order = compareCodeUnits(a, b);
        expect(order).toBe(-compareCodeUnits(b, a) || 0);
        expect(order === 0).toBe(a === b);
        expect(order).toBe(Math.sign(Buffer.compare(Buffer.from(a, 'latin1'), Buffer.from(b, 'latin1'))));
      }),
    );
    expect(['2027-03-10', 'B', '2027-03-09', 'a'].sort(compareCodeUnits)).toEqual([
      '2027-03-09',
      '2027-03-10',
      'B',
      'a',
    ]);
  });
});
