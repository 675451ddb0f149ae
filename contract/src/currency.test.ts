import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  convertMinor,
  convertParts,
  currencyCodeSchema,
  divideRates,
  normalizeRate,
  parseDecimalToMinor,
  rateSchema,
} from './currency';
import { minorToDecimalText } from './money';
import { CURRENCIES, currencyChoices } from './currency-list';
import { minorUnits } from './iso4217';
import { formatMoney, MAX_MINOR } from './money';
import { expenseBodySchema } from './ledger';

const codes = CURRENCIES.map((c) => c.code);
const currency = fc.constantFrom(...codes);
/** Rates as people and the ECB write them: up to 6 whole digits and 8 decimals, never 0. */
const rate = fc
  .tuple(fc.integer({ min: 0, max: 999_999 }), fc.integer({ min: 0, max: 99_999_999 }))
  .filter(([whole, fraction]) => whole > 0 || fraction > 0)
  .map(([whole, fraction]) => `${whole}.${String(fraction).padStart(8, '0')}`);
const minor = fc.integer({ min: 0, max: 100_000_000 });
/**
 * The service refuses a converted amount above MAX_MINOR before converting any part (ledger/currency.ts), so the
 * properties hold over that domain; a huge amount at a huge rate into a 3-decimal currency leaves it (and 2^53).
 */
const withinLedger = (convertedMinor: number) => convertedMinor <= MAX_MINOR;

describe('ISO 4217 minor units', () => {
  it('knows yen has none, dinars three and most currencies two', () => {
    expect(minorUnits('JPY')).toBe(0);
    expect(minorUnits('KRW')).toBe(0);
    expect(minorUnits('BHD')).toBe(3);
    expect(minorUnits('KWD')).toBe(3);
    expect(minorUnits('TND')).toBe(3);
    expect(minorUnits('EUR')).toBe(2);
    expect(minorUnits('USD')).toBe(2);
    expect(() => minorUnits('XAU')).toThrow();
    expect(currencyCodeSchema.parse(' jpy ')).toBe('JPY');
    expect(currencyCodeSchema.safeParse('ZZZ').success).toBe(false);
  });

  it('offers the home currency first, then common travel currencies, then every other one once', () => {
    const choices = currencyChoices('KWD').map((c) => c.code);
    expect(choices.slice(0, 4)).toEqual(['KWD', 'USD', 'EUR', 'GBP']);
    expect(new Set(choices).size).toBe(codes.length);
  });
});

describe('formatMoney', () => {
  it('shows each currency with its own decimals', () => {
    expect(formatMoney(1500, 'en-US', 'JPY')).toBe('¥1,500');
    expect(formatMoney(1250, 'en-US', 'KWD')).toBe('KWD\u00a01.250');
    expect(formatMoney(1538, 'de-DE', 'EUR')).toBe('15,38\u00a0€');
  });
});

describe('parseDecimalToMinor and minorToDecimalText', () => {
  it('round-trip every amount in every currency', () => {
    fc.assert(
      fc.property(currency, minor, (code, value) => {
        const digits = minorUnits(code);
        expect(parseDecimalToMinor(minorToDecimalText(value, digits), digits)).toBe(value);
      }),
    );
  });

  it('refuse more decimals than the currency has', () => {
    expect(parseDecimalToMinor('1500', 0)).toBe(1500);
    expect(parseDecimalToMinor('1500.5', 0)).toBeNull();
    expect(parseDecimalToMinor('12.345', 3)).toBe(12345);
    expect(parseDecimalToMinor('12.3456', 3)).toBeNull();
    expect(parseDecimalToMinor(-1, 2)).toBeNull();
  });
});

describe('rates', () => {
  it('are kept as canonical exact text', () => {
    expect(normalizeRate('001.0800')).toBe('1.08');
    expect(normalizeRate('0')).toBeNull();
    expect(normalizeRate('1e-7')).toBeNull();
    expect(rateSchema.parse(0.0062)).toBe('0.0062');
    expect(rateSchema.safeParse('-1').success).toBe(false);
  });

  it('cross rates through a common base keep ten significant digits', () => {
    // USD per EUR / JPY per EUR = USD per JPY
    expect(divideRates('1.0842', '161.39')).toBe('0.006717888345');
    expect(divideRates('161.39', '1.0842')).toBe('148.8562996');
    expect(divideRates('1', '1')).toBe('1');
  });
});

describe('convertMinor', () => {
  it('rounds once, half to even, across minor units', () => {
    expect(convertMinor(1500, '0.0065', 'JPY', 'USD')).toBe(975); // ¥1500 → $9.75
    expect(convertMinor(1, '0.5', 'EUR', 'USD')).toBe(0); // 0.5 cent → 0 (even)
    expect(convertMinor(3, '0.5', 'EUR', 'USD')).toBe(2); // 1.5 cents → 2 (even)
    expect(convertMinor(1000, '3.25', 'KWD', 'USD')).toBe(325); // 1.000 KWD → $3.25
    expect(convertMinor(325, '150.5', 'USD', 'JPY')).toBe(489); // $3.25 → ¥489.125 → ¥489
  });

  it('is the identity at rate 1 in the same currency', () => {
    fc.assert(
      fc.property(currency, minor, (code, value) => {
        expect(convertMinor(value, '1', code, code)).toBe(value);
      }),
    );
  });

  it('is within half a minor unit of the exact product', () => {
    fc.assert(
      fc.property(currency, currency, rate, fc.integer({ min: 0, max: 10_000_000 }), (from, to, r, value) => {
        const exact = (value * Number(r) * 10 ** minorUnits(to)) / 10 ** minorUnits(from);
        const converted = convertMinor(value, r, from, to);
        fc.pre(withinLedger(converted));
        expect(Number.isSafeInteger(converted)).toBe(true);
        expect(Math.abs(converted - exact)).toBeLessThanOrEqual(0.5 + exact * 1e-12);
      }),
    );
  });
});

describe('convertParts', () => {
  const split = fc
    .array(fc.integer({ min: 0, max: 1_000_000 }), { minLength: 1, maxLength: 30 })
    .map((parts) => ({ parts, total: parts.reduce((a, b) => a + b, 0) }));

  it('parts that add up to the total convert to parts that add up to the converted total, none negative', () => {
    fc.assert(
      fc.property(currency, currency, rate, split, (from, to, r, { parts, total }) => {
        fc.pre(withinLedger(convertMinor(total, r, from, to)));
        const converted = convertParts(total, parts, r, from, to);
        expect(converted.total).toBe(convertMinor(total, r, from, to));
        expect(converted.parts.reduce((a, b) => a + b, 0)).toBe(converted.total);
        expect(converted.parts.every((p) => Number.isInteger(p) && p >= 0)).toBe(true);
      }),
    );
  });

  it('any mismatch with the total lands on the last part, so the sum is always exact', () => {
    fc.assert(
      fc.property(currency, currency, rate, split, minor, (from, to, r, { parts }, total) => {
        const sum = parts.reduce((a, b) => a + b, 0);
        fc.pre(withinLedger(convertMinor(Math.max(sum, total), r, from, to)));
        const converted = convertParts(total, parts, r, from, to);
        expect(converted.parts.reduce((a, b) => a + b, 0)).toBe(converted.total);
        const untouched = convertParts(
          parts.slice(0, -1).reduce((a, b) => a + b, 0),
          parts.slice(0, -1),
          r,
          from,
          to,
        );
        expect(converted.parts.slice(0, -1)).toEqual(untouched.parts);
      }),
    );
  });

  it('is the identity at rate 1 in the same currency', () => {
    fc.assert(
      fc.property(currency, split, (code, { parts, total }) => {
        expect(convertParts(total, parts, '1', code, code)).toEqual({ total, parts });
      }),
    );
  });
});

describe('expense bodies in a currency', () => {
  const body = { title: 'Taxi', expense_date: '2027-04-11', paid_by: 'u1' };

  it('read amounts in the currency’s own minor units', () => {
    expect(expenseBodySchema.parse({ ...body, amount: '1500', currency: 'jpy' })).toMatchObject({
      amount: 1500,
      currency: 'JPY',
    });
    expect(
      expenseBodySchema.parse({
        ...body,
        amount: '12.345',
        currency: 'KWD',
        rate: '3.25',
        split: { method: 'custom', people: [{ user_id: 'u1', amount: '12.345' }] },
      }),
    ).toMatchObject({ amount: 12345, rate: '3.25', split: { people: [{ amount: 12345 }] } });
  });

  it('refuse more decimals than the currency has, and a rate without a currency', () => {
    expect(
      expenseBodySchema.safeParse({ ...body, amount: '15.5', currency: 'JPY' }).error?.issues[0]?.message,
    ).toBe('Amount must be an amount in JPY with at most 0 decimals');
    expect(expenseBodySchema.safeParse({ ...body, amount: '15', rate: '2' }).error?.issues[0]?.message).toBe(
      'A rate needs the currency of the amount',
    );
  });
});
