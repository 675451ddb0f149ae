import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { parseReceiptText, readPrintedAmount, readReceiptDate, scannedReceiptSchema } from './receipt-scan';

describe('readPrintedAmount', () => {
  it.each([
    ['12.50', 2, 1250],
    ['12,50', 2, 1250],
    ['1,234.56', 2, 123456],
    ['1.234,56', 2, 123456],
    ["1'234.50", 2, 123450],
    ['1 234,50', 2, 123450],
    ['1,500', 0, 1500],
    ['1500', 0, 1500],
    ['7,5', 2, 750],
  ])('reads %s at %d decimals as %d', (text, digits, minor) => {
    expect(readPrintedAmount(text, digits)).toBe(minor);
  });

  it.each([
    ['12,50', 0],
    ['1,23,4', 2],
    ['abc', 2],
  ])('refuses %s at %d decimals', (text, digits) => {
    expect(readPrintedAmount(text, digits)).toBeNull();
  });

  it('reads any amount back from its printing with either decimal mark and grouping (property)', () => {
    fc.assert(
      fc.property(fc.integer({ min: 0, max: 99_999_999 }), fc.boolean(), (minor, comma) => {
        const whole = Math.trunc(minor / 100).toLocaleString('en-US');
        const fraction = String(minor % 100).padStart(2, '0');
        const printed = comma ? `${whole.replace(/,/g, '.')},${fraction}` : `${whole}.${fraction}`;
        return readPrintedAmount(printed, 2) === minor;
      }),
    );
  });
});

describe('readReceiptDate', () => {
  it.each([
    ['Datum: 11.04.2027 19:42', '2027-04-11'],
    ['2027-04-11 20:15', '2027-04-11'],
    ['11/04/27', '2027-04-11'],
    ['04/23/2027', '2027-04-23'],
    ['2027年4月11日', '2027-04-11'],
    ['le 11 avril 2027', '2027-04-11'],
    ['Apr 11, 2027', '2027-04-11'],
    ['11.O4.2O27', '2027-04-11'],
  ])('reads %s', (text, date) => {
    expect(readReceiptDate(text)).toBe(date);
  });

  it('reads month first on a receipt in US dollars, unless the first number cannot be a month', () => {
    expect(readReceiptDate('04/11/2027', true)).toBe('2027-04-11');
    expect(readReceiptDate('04/11/2027')).toBe('2027-11-04');
    expect(readReceiptDate('23/04/2027', true)).toBe('2027-04-23');
  });

  it('finds none in text without a real date', () => {
    expect(readReceiptDate('Table 12\n31.02.2027')).toBeNull();
  });
});

describe('parseReceiptText', () => {
  it('reads an English receipt: merchant, date, items with quantities, tax and tip on top, the total', () => {
    const text = [
      'THE HARBOUR GRILL',
      '12 Quay Street, Cork',
      'Date: 04/11/2027  20:15',
      '1 Soup of the day     6.50',
      '2 x Fish & Chips     31.00',
      'Sparkling water       3.50',
      'Subtotal             41.00',
      'Tax                   3.69',
      'Tip                   6.00',
      'TOTAL          $50.69',
      'VISA          50.69',
    ].join('\n');
    expect(scannedReceiptSchema.parse(parseReceiptText(text))).toEqual({
      merchant: 'THE HARBOUR GRILL',
      date: '2027-04-11',
      currency: 'USD',
      total: 5069,
      tax: 369,
      tip: 600,
      items: [
        { name: 'Soup of the day', amount: 650, quantity: 1 },
        { name: 'Fish & Chips', amount: 3100, quantity: 2 },
        { name: 'Sparkling water', amount: 350, quantity: null },
      ],
    });
  });

  it('reads a German receipt with decimal commas, VAT included (not an extra), and OCR errors', () => {
    const text = [
      'Gasthaus Zur Linde',
      'Hauptstr. 5, 80331 München',
      '11.04.2027 19:42',
      'Schnitzel Wiener Art    18,9O',
      '2x Weißbier              9,8O',
      'Apfelstrudel             6,5O',
      'SUMME EUR',
      '35,2O',
      'MwSt 19% enthalten       5,62',
      'Gegeben BAR             40,00',
      'Rückgeld                 4,80',
    ].join('\n');
    expect(parseReceiptText(text)).toEqual({
      merchant: 'Gasthaus Zur Linde',
      date: '2027-04-11',
      currency: 'EUR',
      total: 3520,
      tax: null,
      tip: null,
      items: [
        { name: 'Schnitzel Wiener Art', amount: 1890, quantity: null },
        { name: 'Weißbier', amount: 980, quantity: 2 },
        { name: 'Apfelstrudel', amount: 650, quantity: null },
      ],
    });
  });

  it('reads a French receipt: TOTAL TTC over TOTAL HT, thousands with spaces', () => {
    const text = [
      'BRASSERIE DU PORT',
      'le 11 avril 2027',
      'Plateau fruits de mer   1 120,00 €',
      'Vin blanc                  48,00 €',
      'TOTAL HT               1 000,00',
      'TVA 10%                  116,80',
      'TOTAL TTC              1 168,00 €',
      'CB                     1 168,00',
    ].join('\n');
    expect(parseReceiptText(text)).toMatchObject({
      merchant: 'BRASSERIE DU PORT',
      date: '2027-04-11',
      currency: 'EUR',
      total: 116800,
      items: [
        { name: 'Plateau fruits de mer', amount: 112000 },
        { name: 'Vin blanc', amount: 4800 },
      ],
    });
  });

  it('reads 合計 and yen without decimals', () => {
    const text = ['居酒屋 さくら', '2027年4月11日', '焼き鳥 ¥1,200', 'ビール ¥1,500', '合計 ¥2,700'].join(
      '\n',
    );
    expect(parseReceiptText(text)).toMatchObject({
      currency: 'JPY',
      date: '2027-04-11',
      total: 2700,
      items: [
        { name: '焼き鳥', amount: 1200 },
        { name: 'ビール', amount: 1500 },
      ],
    });
  });

  it('says nothing it did not read: no total, no date, no currency', () => {
    expect(parseReceiptText('Thank you for your visit\nSee you soon')).toEqual({
      merchant: 'Thank you for your visit',
      date: null,
      currency: null,
      total: null,
      tax: null,
      tip: null,
      items: [],
    });
  });
});
