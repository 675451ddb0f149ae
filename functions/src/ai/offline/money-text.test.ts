import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { formatMoney, MAX_MINOR } from '@wayfare/contract';
import { dollarsText } from './money-text';

const wholeDollars = fc.integer({ min: 0, max: MAX_MINOR / 100 });

describe('dollarsText', () => {
  it('groups whole dollars in threes, en-US', () => {
    expect(dollarsText(244500)).toBe('$2,445');
    expect(dollarsText(99900)).toBe('$999');
    expect(dollarsText(100000)).toBe('$1,000');
    expect(dollarsText(123456700)).toBe('$1,234,567');
    expect(dollarsText(0)).toBe('$0');
  });

  it('puts a comma before every third digit from the right and changes no digit', () => {
    fc.assert(
      fc.property(wholeDollars, (dollars) => {
        const text = dollarsText(dollars * 100);
        expect(text).toMatch(/^\$\d{1,3}(,\d{3})*$/);
        expect(text.slice(1).replaceAll(',', '')).toBe(String(dollars));
      }),
    );
  });

  it("reads as the web app's money formatter does in en-US, less the cents", () => {
    fc.assert(
      fc.property(wholeDollars, (dollars) => {
        expect(`${dollarsText(dollars * 100)}.00`).toBe(formatMoney(dollars * 100, 'en-US', 'USD'));
      }),
    );
  });
});
