import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { capitalizeName } from './names';

describe('capitalizeName', () => {
  it('upper-cases the first letter and lower-cases the rest', () => {
    expect(capitalizeName('mARIA')).toBe('Maria');
    expect(capitalizeName('  élodie ')).toBe('Élodie');
    expect(capitalizeName('')).toBe('');
  });

  it('is idempotent', () => {
    fc.assert(fc.property(fc.string(), (s) => capitalizeName(capitalizeName(s)) === capitalizeName(s)));
  });
});
