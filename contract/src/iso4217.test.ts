import { data, publishDate } from 'currency-codes';
import { describe, expect, it } from 'vitest';
import { CURRENCIES } from './currency-list';
import { ISO_4217_PUBLISHED, isCurrencyCode, minorUnits } from './iso4217';
import { ISO_4217_MINOR_UNITS } from './iso4217-minor-units';

describe('the generated ISO 4217 minor-unit table', () => {
  it('is the currency-codes package’s data (run scripts/generate-minor-units.ts after upgrading it)', () => {
    expect(ISO_4217_MINOR_UNITS).toEqual(Object.fromEntries(data.map((c) => [c.code, c.digits])));
    expect(ISO_4217_PUBLISHED).toBe(publishDate);
  });

  it('gives the pickers’ currencies, and only them, the package’s minor units', () => {
    const spendable = Object.keys(ISO_4217_MINOR_UNITS).filter(isCurrencyCode);
    expect(CURRENCIES.map((c) => c.code)).toEqual(spendable.sort((a, b) => a.localeCompare(b)));
    for (const c of CURRENCIES) expect(minorUnits(c.code)).toBe(c.minor_units);
    expect(isCurrencyCode('XAU')).toBe(false);
    expect(isCurrencyCode('toString')).toBe(false);
  });
});
