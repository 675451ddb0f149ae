import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { formatTypedAmount } from './typed-amount';
import { typedAmountField } from './typed-amount-field';

const VALID = 'Enter a valid amount';

describe('typedAmountField', () => {
  it('reads amounts as typed in the locale, to minor units', () => {
    expect(typedAmountField('de-DE', VALID).parse('1.234,56')).toBe(123456);
    expect(typedAmountField('en-US', VALID).parse('1,234.56')).toBe(123456);
    expect(typedAmountField('en-US', VALID).parse('15')).toBe(1500);
  });

  it("refuses text that is not an amount, and zero, with the form's message", () => {
    for (const text of ['', 'abc', '0', '0,00', '1.2.3,4,5']) {
      expect(typedAmountField('de-DE', VALID).safeParse(text).error?.issues[0]?.message).toBe(VALID);
    }
  });

  it('reads back every amount a form prefills in the locale (property)', () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 1, max: 10_000_000_00 }),
        fc.constantFrom('en-US', 'de-DE', 'fr-FR', 'en-IN'),
        (cents, locale) => {
          expect(typedAmountField(locale, VALID).parse(formatTypedAmount(cents, locale))).toBe(cents);
        },
      ),
    );
  });
});
