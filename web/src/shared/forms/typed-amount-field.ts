import { z } from 'zod';
import { readTypedAmount } from './typed-amount';

/**
 * A form field holding an amount as the person typed it in their locale ("15,38", "1.234,56"), for a form schema:
 * its output is the amount in minor units, read once with readTypedAmount; anything else, or not above zero, is
 * refused with `message`. What a MoneyInput is registered with.
 */
export const typedAmountField = (locale: string, message: string, fractionDigits = 2) =>
  z.string().transform((text, ctx) => {
    const minor = readTypedAmount(text, locale, fractionDigits);
    if (minor === null || minor <= 0) {
      ctx.addIssue({ code: 'custom', message });
      return z.NEVER;
    }
    return minor;
  });
