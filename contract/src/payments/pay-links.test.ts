import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  EPC_MAX_BYTES,
  crc16CcittFalse,
  epcPayload,
  monzoLink,
  payOptions,
  paypalMeLink,
  pixPayload,
  revolutLink,
  upiLink,
  venmoLink,
  wiseLink,
} from './pay-links';

const REFERENCE = 'Wayfare · Lisbon';

describe('pay links', () => {
  it('PayPal.me: the amount then the currency, whole units where PayPal takes no decimals', () => {
    expect(paypalMeLink('AnaLima', 4500, 'USD')).toBe('https://paypal.me/AnaLima/45.00USD');
    expect(paypalMeLink('AnaLima', 1500, 'JPY')).toBe('https://paypal.me/AnaLima/1500JPY');
    expect(paypalMeLink('AnaLima', 150000, 'HUF')).toBe('https://paypal.me/AnaLima/1500HUF');
    expect(paypalMeLink('AnaLima', 150050, 'HUF')).toBeNull();
    expect(paypalMeLink('AnaLima', 4500, 'INR')).toBeNull();
  });

  it('Venmo: pay with the amount and the note', () => {
    expect(venmoLink('ana-lima', 4500, REFERENCE)).toBe(
      'https://venmo.com/ana-lima?txn=pay&amount=45.00&note=Wayfare%20%C2%B7%20Lisbon',
    );
  });

  it('Revolut and Wise: the payee’s page', () => {
    expect(revolutLink('analima')).toBe('https://revolut.me/analima');
    expect(wiseLink('@analima7')).toBe('https://wise.com/pay/me/analima7');
  });

  it('Monzo.me: pounds and the reference', () => {
    expect(monzoLink('analima', 1234, REFERENCE)).toBe(
      'https://monzo.me/analima/12.34?d=Wayfare%20%C2%B7%20Lisbon',
    );
  });

  it('UPI: payee, name, amount, rupees and note', () => {
    expect(upiLink('ana.lima@okbank', 'Ana Lima', 50000, REFERENCE)).toBe(
      'upi://pay?pa=ana.lima@okbank&pn=Ana%20Lima&am=500.00&cu=INR&tn=Wayfare%20%C2%B7%20Lisbon',
    );
  });
});

describe('EPC QR code (EPC069-12)', () => {
  it('writes the fields one per line', () => {
    expect(epcPayload('DE89370400440532013000', 'Ana Lima', 4500, REFERENCE)).toBe(
      [
        'BCD',
        '002',
        '1',
        'SCT',
        '',
        'Ana Lima',
        'DE89370400440532013000',
        'EUR45.00',
        '',
        '',
        REFERENCE,
      ].join('\n'),
    );
  });

  it('carries 0.01 to 999999999.99 euros only', () => {
    expect(epcPayload('DE89370400440532013000', 'A', 1, '')).toContain('\nEUR0.01\n');
    expect(epcPayload('DE89370400440532013000', 'A', 99_999_999_999, '')).toContain('\nEUR999999999.99\n');
    expect(() => epcPayload('DE89370400440532013000', 'A', 0, '')).toThrow(RangeError);
    expect(() => epcPayload('DE89370400440532013000', 'A', 100_000_000_000, '')).toThrow(RangeError);
  });

  it('stays within 331 bytes and parses back to its fields, whatever the name and text', () => {
    const iban = fc.constantFrom(
      'DE89370400440532013000',
      'MT84MALT011000012345MTLCAST001S',
      'BE68539007547034',
    );
    fc.assert(
      fc.property(
        iban,
        fc.string({ unit: 'binary', maxLength: 200 }),
        fc.integer({ min: 1, max: 99_999_999_999 }),
        fc.string({ unit: 'binary', maxLength: 300 }),
        (account, name, amount, text) => {
          const payload = epcPayload(account, name, amount, text);
          expect(new TextEncoder().encode(payload).length).toBeLessThanOrEqual(EPC_MAX_BYTES);
          const lines = payload.split('\n');
          expect(lines).toHaveLength(11);
          const [service, version, encoding, kind, bic, payee, payeeIban, money, purpose, ref, remittance] =
            lines;
          expect([service, version, encoding, kind, bic, purpose, ref]).toEqual([
            'BCD',
            '002',
            '1',
            'SCT',
            '',
            '',
            '',
          ]);
          expect(payeeIban).toBe(account);
          expect(money).toBe(`EUR${Math.trunc(amount / 100)}.${String(amount % 100).padStart(2, '0')}`);
          expect(Array.from(payee!).length).toBeLessThanOrEqual(70);
          expect(Array.from(remittance!).length).toBeLessThanOrEqual(140);
          // What was kept is the start of what was given, line breaks made spaces.
          const flat = (value: string) =>
            value
              .replace(/\p{Cc}+/gu, ' ')
              .replace(/\s+/g, ' ')
              .trim();
          expect(flat(name).startsWith(payee!)).toBe(true);
          expect(flat(text).startsWith(remittance!)).toBe(true);
        },
      ),
    );
  });
});

describe('Pix BR Code', () => {
  it("reproduces the Banco Central do Brasil manual's sample payload", () => {
    expect(
      pixPayload({
        key: '123e4567-e12b-12d1-a456-426655440000',
        name: 'Fulano de Tal',
        city: 'BRASILIA',
      }),
    ).toBe(
      '00020126580014br.gov.bcb.pix0136123e4567-e12b-12d1-a456-4266554400005204000053039865802BR5913Fulano de Tal6008BRASILIA62070503***63041D3D',
    );
  });

  it('CRC-16/CCITT-FALSE gives the check value of "123456789"', () => {
    expect(crc16CcittFalse('123456789')).toBe('29B1');
  });

  it('carries the amount and description, names without accents, cut to the fields’ lengths', () => {
    const payload = pixPayload({
      key: 'ana@example.com',
      name: 'Ána Conceição de Albuquerque Lima',
      city: 'São Paulo do Potengi',
      amountMinor: 4550,
      description: REFERENCE,
    });
    expect(payload).toContain('0115ana@example.com0214Wayfare Lisbon');
    expect(payload).toContain('540545.50');
    expect(payload).toContain('5925Ana Conceicao de Albuquer');
    expect(payload).toContain('6015Sao Paulo do Po');
  });

  it('verifies its CRC and keeps the account within 99 characters for any key and amount', () => {
    const keys = fc.oneof(
      fc.uuid().map((uuid) => uuid.toLowerCase()),
      fc.emailAddress().filter((email) => email.length <= 77),
      fc.stringMatching(/^(\d{11}|\d{14}|\+55\d{10,11})$/),
    );
    fc.assert(
      fc.property(
        keys,
        fc.integer({ min: 1, max: 1_000_000_000 }),
        fc.string(),
        (key, amount, description) => {
          const payload = pixPayload({
            key,
            name: 'Fulano',
            city: 'BRASILIA',
            amountMinor: amount,
            description,
          });
          const body = payload.slice(0, -4);
          expect(body.endsWith('6304')).toBe(true);
          expect(payload.slice(-4)).toBe(crc16CcittFalse(body));
          const account = /^000201(26)(\d\d)/.exec(payload)!;
          expect(Number(account[2])).toBeLessThanOrEqual(99);
          expect(payload).toContain(`01${String(key.length).padStart(2, '0')}${key}`);
        },
      ),
    );
  });
});

describe('payOptions', () => {
  const handles = {
    paypal: 'AnaLima',
    venmo: 'ana-lima',
    revolut: 'analima',
    wise: 'ana@example.com',
    monzo: 'analima',
    upi: 'ana@okbank',
    pix: '12345678909',
    iban: { iban: 'DE89370400440532013000', name: 'Ana Lima' },
  };
  const providers = (currency: string) =>
    payOptions(handles, { amount_minor: 4500, currency, reference: REFERENCE, payee_name: 'Ana Lima' }).map(
      (option) => `${option.provider}:${option.kind}`,
    );

  it('offers only the providers that take the currency', () => {
    expect(providers('EUR')).toEqual(['paypal:link', 'revolut:link', 'wise:copy', 'iban:qr']);
    expect(providers('USD')).toEqual(['paypal:link', 'venmo:link', 'revolut:link', 'wise:copy']);
    expect(providers('GBP')).toEqual(['paypal:link', 'revolut:link', 'wise:copy', 'monzo:link']);
    expect(providers('INR')).toEqual(['revolut:link', 'wise:copy', 'upi:qr']);
    expect(providers('BRL')).toEqual(['paypal:link', 'revolut:link', 'wise:copy', 'pix:qr']);
  });

  it('builds each payload from the request', () => {
    const [sepa] = payOptions(
      { iban: handles.iban },
      { amount_minor: 4500, currency: 'EUR', reference: REFERENCE, payee_name: 'Ana' },
    );
    expect(sepa).toEqual({
      provider: 'iban',
      label: 'Bank transfer (SEPA QR)',
      kind: 'qr',
      payload: epcPayload('DE89370400440532013000', 'Ana Lima', 4500, REFERENCE),
    });
    const [wise] = payOptions(
      { wise: '@analima7' },
      { amount_minor: 1, currency: 'CHF', reference: '', payee_name: '' },
    );
    expect(wise).toEqual({
      provider: 'wise',
      label: 'Wise',
      kind: 'link',
      url: 'https://wise.com/pay/me/analima7',
    });
  });

  it('offers nothing without handles', () => {
    expect(payOptions({}, { amount_minor: 4500, currency: 'EUR', reference: '', payee_name: 'Ana' })).toEqual(
      [],
    );
  });
});
