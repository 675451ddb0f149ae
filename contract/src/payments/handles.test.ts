import { describe, expect, it } from 'vitest';
import { electronicIban, ibanProblem } from './iban';
import { paymentHandlesSchema } from './handles';

const firstError = (input: unknown) => paymentHandlesSchema.safeParse(input).error?.issues[0]?.message;

describe('IBAN check (ISO 13616)', () => {
  it.each([
    'DE89370400440532013000',
    'GB82WEST12345698765432',
    'FR1420041010050500013M02606',
    'NL91ABNA0417164300',
    'BE68539007547034',
    'NO9386011117947',
    'MT84MALT011000012345MTLCAST001S',
  ])('accepts %s', (iban) => expect(ibanProblem(iban)).toBeNull());

  it('says what is wrong: the shape, the country, the length, the check digits', () => {
    expect(ibanProblem('1234')).toMatch(/two letters, two check digits/);
    expect(ibanProblem('US12345678901234')).toBe('US is not a country that uses IBANs');
    expect(ibanProblem('DE8937040044053201300')).toBe('An IBAN from DE has 22 characters; this one has 21');
    expect(ibanProblem('DE89370400440532013001')).toMatch(/check digits do not match/);
  });

  it('reads an IBAN as people write it', () => {
    expect(electronicIban(' de89 3704 0044-0532 0130 00 ')).toBe('DE89370400440532013000');
  });
});

describe('payment handles', () => {
  it('parses every handle to the form its link takes', () => {
    expect(
      paymentHandlesSchema.parse({
        paypal: '@AnaLima',
        venmo: 'ana-lima',
        revolut: '@analima',
        wise: 'Ana@Example.COM',
        monzo: 'analima',
        upi: 'ana.lima@okbank',
        pix: '123.456.789-09',
        iban: { iban: 'de89 3704 0044 0532 0130 00', name: ' Ana Lima ' },
      }),
    ).toEqual({
      paypal: 'AnaLima',
      venmo: 'ana-lima',
      revolut: 'analima',
      wise: 'ana@example.com',
      monzo: 'analima',
      upi: 'ana.lima@okbank',
      pix: '12345678909',
      iban: { iban: 'DE89370400440532013000', name: 'Ana Lima' },
    });
    expect(paymentHandlesSchema.parse({})).toEqual({});
  });

  it.each([
    ['a CNPJ', '12.345.678/0001-95', '12345678000195'],
    ['a phone number', '+55 (11) 98765-4321', '+5511987654321'],
    ['an email', 'Ana@Example.com', 'ana@example.com'],
    ['a random key', '123E4567-E12B-12D1-A456-426655440000', '123e4567-e12b-12d1-a456-426655440000'],
  ])('takes %s as a Pix key', (_kind, key, stored) => {
    expect(paymentHandlesSchema.parse({ pix: key }).pix).toBe(stored);
  });

  it('keeps a Wisetag with its @', () => {
    expect(paymentHandlesSchema.parse({ wise: '@analima7' }).wise).toBe('@analima7');
  });

  it('refuses each malformed handle with its own message', () => {
    expect(firstError({ paypal: 'ana lima' })).toBe('PayPal.me username is 1–20 letters or digits');
    expect(firstError({ venmo: 'ana' })).toBe('Venmo username is 5–30 letters, digits, - or _');
    expect(firstError({ upi: 'ana' })).toBe('A UPI ID looks like name@bank');
    expect(firstError({ wise: 'ana' })).toBe('Wise takes the email of the account or its @Wisetag');
    expect(firstError({ pix: '5511987654321' })).toBe(
      'A Pix key is a CPF or CNPJ, an email, a +55 phone number or a random key',
    );
    expect(firstError({ iban: { iban: 'DE89370400440532013001', name: 'Ana' } })).toMatch(/check digits/);
    expect(firstError({ iban: { iban: 'DE89370400440532013000', name: ' ' } })).toBe(
      'Account holder is required',
    );
    expect(firstError({ bitcoin: 'x' })).toBeDefined();
  });
});
