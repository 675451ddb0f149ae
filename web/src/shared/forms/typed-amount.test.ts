import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { MAX_MINOR } from '@wayfare/contract';
import { formatTypedAmount, localeSeparators, readTypedAmount } from './typed-amount';

const LOCALES = [
  'en-US',
  'en-GB',
  'de-DE',
  'fr-FR',
  'es-ES',
  'it-IT',
  'pt-BR',
  'nl-NL',
  'de-CH',
  'ja-JP',
  'hi-IN',
  'sv-SE',
];

describe('readTypedAmount', () => {
  it.each([
    ['15,38', 'de-DE', 1538],
    ['15.38', 'de-DE', 1538],
    ['1.234,56', 'en-US', 123456],
    ['1,234.56', 'de-DE', 123456],
    ['1 234,56', 'fr-FR', 123456],
    ['1\u202F234,56 €', 'fr-FR', 123456],
    ['1’234.50', 'de-CH', 123450],
    ['€ 9,5', 'es-ES', 950],
    ['1,234', 'en-US', 123400],
    ['1.234', 'de-DE', 123400],
    ['12', 'en-US', 1200],
    ['0,05', 'it-IT', 5],
    ['1,00,000.50', 'hi-IN', 10000050],
  ])('reads %j in %s as %i minor units', (text, locale, expected) => {
    expect(readTypedAmount(text, locale)).toBe(expected);
  });

  it.each([
    ['1,234', 'de-DE'], // a German decimal comma with three decimals: not a cent amount
    ['15,385', 'fr-FR'],
    ['1,2,3', 'en-US'],
    ['12 34', 'fr-FR'],
    ['1.234.5', 'de-DE'],
    ['-5', 'en-US'],
    ['1e3', 'en-US'],
    ['', 'en-US'],
    ['15,', 'de-DE'],
    [',5', 'de-DE'],
    ['1.234,567.00', 'en-US'],
  ])('refuses %j in %s', (text, locale) => {
    expect(readTypedAmount(text, locale)).toBeNull();
  });

  it('honours the currency minor unit: yen has none, dinar three', () => {
    expect(readTypedAmount('1.500', 'ja-JP', 0)).toBe(1500);
    expect(readTypedAmount('1500', 'ja-JP', 0)).toBe(1500);
    expect(readTypedAmount('15,5', 'ja-JP', 0)).toBeNull();
    expect(readTypedAmount('2.125', 'en-US', 3)).toBe(2125);
  });

  it('reads back what the locale itself writes, grouped or not, for any amount (property)', () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 0, max: MAX_MINOR }),
        fc.constantFrom(...LOCALES),
        fc.boolean(),
        (cents, locale, grouping) => {
          const text = new Intl.NumberFormat(locale, {
            minimumFractionDigits: 2,
            maximumFractionDigits: 2,
            useGrouping: grouping,
          }).format(cents / 100);
          expect(readTypedAmount(text, locale)).toBe(cents);
        },
      ),
    );
  });

  it('reads a dot-decimal amount the same in every locale when it has one or two decimals (property)', () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 0, max: 9_999_999 }),
        fc.integer({ min: 0, max: 99 }),
        fc.constantFrom(...LOCALES),
        (whole, cents, locale) => {
          const two = String(cents).padStart(2, '0');
          expect(readTypedAmount(`${whole}.${two}`, locale)).toBe(whole * 100 + cents);
          expect(readTypedAmount(`${whole},${two}`, locale)).toBe(whole * 100 + cents);
        },
      ),
    );
  });

  it('knows each locale’s marks', () => {
    expect(localeSeparators('de-DE')).toEqual({ decimal: ',', group: '.' });
    expect(localeSeparators('en-US')).toEqual({ decimal: '.', group: ',' });
  });
});

describe('formatTypedAmount', () => {
  it('shows cents for editing in the locale, ungrouped, and reads back to the same cents', () => {
    expect(formatTypedAmount(123456, 'de-DE')).toBe('1234,56');
    expect(formatTypedAmount(123456, 'en-US')).toBe('1234.56');
    fc.assert(
      fc.property(fc.constantFrom(...LOCALES), fc.integer({ min: 0, max: MAX_MINOR }), (locale, cents) => {
        expect(readTypedAmount(formatTypedAmount(cents, locale), locale)).toBe(cents);
      }),
    );
  });
});
