/**
 * Receipt scanning: what a scan reads off a receipt photo, whoever read it (Gemini with a key, or
 * on-device OCR without one), and the parser that turns OCR text into it. Amounts are integers in minor units of
 * the receipt's currency (2 decimals while it is unknown). Nothing here saves anything: the forms fill their fields
 * from a scan for the person to review.
 */
import { z } from 'zod';
import { isoDateSchema } from './dates';
import { isCurrencyCode, minorUnits } from './iso4217';
import { MAX_MINOR, sumMinor } from './money';

/** The notice on a scan read without a cloud model. */
export const READ_ON_DEVICE = 'read on this device — check the amounts';
/** A scan that found no total: the form is left as typed. */
export const NO_TOTAL_FOUND = 'No total found on this receipt; the form is left as you typed it';

const minor = z.number().int().min(0).max(MAX_MINOR);

export const scannedItemSchema = z.object({
  name: z.string().max(120),
  amount: minor,
  quantity: z.number().int().min(1).max(9999).nullable(),
});
export type ScannedItem = z.infer<typeof scannedItemSchema>;

/** What a scan read; any field it could not read is null (items: none). */
export const scannedReceiptSchema = z.object({
  merchant: z.string().max(200).nullable(),
  date: isoDateSchema.nullable(),
  currency: z.string().length(3).nullable(),
  total: minor.nullable(),
  /** Tax, service and tip on top of the items (null when none, or when the total already includes them). */
  tax: minor.nullable(),
  tip: minor.nullable(),
  items: z.array(scannedItemSchema).max(200),
});
export type ScannedReceipt = z.infer<typeof scannedReceiptSchema>;

/**
 * POST /trip-split/trips/{tripId}/receipt-scan (the photo as multipart field `receipt`): what was read, by whom,
 * and what to tell the person about it: READ_ON_DEVICE for an on-device read, NO_TOTAL_FOUND when no total was read.
 */
export const receiptScanResponseSchema = z.object({
  receipt: scannedReceiptSchema,
  source: z.enum(['gemini', 'device']),
  notices: z.array(z.string()),
});
export type ReceiptScanResponse = z.infer<typeof receiptScanResponseSchema>;

// ---------------------------------------------------------------------------------------------------------------
// The OCR text parser.

/** Symbols and words for currencies, as receipts print them; `$` alone is read as US dollars. */
const CURRENCY_SIGNS: Array<[RegExp, string]> = [
  [/€|\bEURO?\b/i, 'EUR'],
  [/£/, 'GBP'],
  [/[¥￥円]/, 'JPY'],
  [/\bCHF\b|\bFr\.\s?\d/, 'CHF'],
  [/\bUS\$|\$/, 'USD'],
];

/** Codes receipts print beside amounts; a bare three-letter word is taken only from this list. */
const PRINTED_CODES = (
  'EUR USD GBP CHF JPY CAD AUD NZD SEK NOK DKK PLN CZK HUF CNY HKD SGD THB MXN BRL INR KRW TRY ZAR AED ILS ISK ' +
  'RON BGN MAD IDR VND'
).split(' ');

/** Total lines, strongest first: TOTAL TTC over a bare TOTAL. Never SUBTOTAL, TOTAL HT or a tax total. */
const TOTAL_WORDS: RegExp[] = [
  /total\s*ttc|montant\s*ttc|net\s*[àa]\s*payer|grand\s*total|amount\s*due|balance\s*due|zu\s*zahlen|gesamtbetrag/i,
  /(?<![a-z-])(total|summe|gesamt)(?![a-z])|合計|お会計|総計/i,
];
const NOT_TOTAL =
  /sub\s*-?total|sous\s*-?total|zwischen\s*summe|total\s*ht\b|\bht\b|\bnet(to)?\b(?!\s*[àa])|items?\s*total|mwst|tva|vat|steuer|tax|tip|pourboire|trinkgeld|gegeben|bar\b|cash|change|rückgeld|rendu|card|karte|carte|visa|mastercard/i;
const TAX_WORDS = /\b(tax|sales\s*tax|vat|mwst|ust|tva)\b|消費税|税/i;
const TIP_WORDS = /\b(tip|gratuity|service(\s*charge)?|trinkgeld|bedienung|pourboire)\b|サービス料/i;
/** Lines that are about paying, not items: never read as an item. */
const NOT_ITEM =
  /total|summe|gesamt|betrag|montant|合計|お会計|tax|vat|mwst|ust|tva|tip|service|trinkgeld|pourboire|gegeben|bar\b|cash|change|rückgeld|rendu|card|karte|carte|visa|mastercard|paid|payé|bezahlt|\bht\b|ttc|netto|brutto|\bnet\b|税|お釣|釣/i;

/** OCR's usual confusions inside figures: O and o for 0, l and I for 1, and spaces around the decimal mark. */
function repairFigures(line: string): string {
  return line
    .replace(/(?<=[\d.,])[Oo]|(?<![A-Za-z])[Oo](?=[\d.,]*\d)/g, '0')
    .replace(/(?<=\d)[lI]|[lI](?=\d)/g, '1')
    .replace(/(\d)\s*([.,])\s+(\d{2})(?!\d)/g, '$1$2$3');
}

/** An amount as printed: digits with thousands groups and a decimal mark, or a whole number of a 0-digit currency. */
const AMOUNT = /-?\d{1,3}(?:[.,' ]\d{3})+(?:[.,]\d{1,2})?(?!\d)|-?\d+[.,]\d{1,2}(?!\d)|-?\d+(?!\d)/g;

/**
 * The amount text in minor units of `digits` decimals: the last mark followed by 1 or 2 digits is the decimal mark,
 * every other mark groups thousands; null for text that is not an amount of that currency.
 */
export function readPrintedAmount(text: string, digits: number): number | null {
  const trimmed = text.trim().replace(/^-/, '');
  const match = /^(.*?)(?:[.,](\d{1,2}))?$/.exec(trimmed);
  if (!match) return null;
  const [, whole = '', fraction] = match;
  // "1,500" in yen: a group of three after the mark, not decimals.
  if (fraction === undefined && !/^\d{1,3}(?:[.,' ]\d{3})*$|^\d+$/.test(whole)) return null;
  if (fraction !== undefined && digits === 0) return null;
  if (!/^\d{1,3}(?:[.,' ]\d{3})*$|^\d+$/.test(whole)) return null;
  const units = Number(whole.replace(/[.,' ]/g, ''));
  const value = units * 10 ** digits + Number((fraction ?? '').padEnd(digits, '0').slice(0, digits) || '0');
  return Number.isSafeInteger(value) && value <= MAX_MINOR ? value : null;
}

/** The amounts of a line in order, where each starts; whole numbers count only where the currency has no decimals. */
function amountsAt(line: string, digits: number): Array<{ value: number; at: number }> {
  const found: Array<{ value: number; at: number }> = [];
  for (const match of line.matchAll(AMOUNT)) {
    const text = match[0];
    if (text.startsWith('-')) continue;
    // Whole numbers are quantities, dates or codes unless the currency has no decimals.
    if (digits > 0 && !/[.,]\d{1,2}$/.test(text)) continue;
    const value = readPrintedAmount(text, digits);
    if (value !== null) found.push({ value, at: match.index });
  }
  return found;
}

const amountsOf = (line: string, digits: number) => amountsAt(line, digits).map((a) => a.value);

function currencyOf(text: string): string | null {
  for (const [sign, code] of CURRENCY_SIGNS) if (sign.test(text)) return code;
  const code = PRINTED_CODES.find((c) => new RegExp(`\\b${c}\\b`).test(text));
  return code && isCurrencyCode(code) ? code : null;
}

/** Month names and abbreviations in English, German and French, January first. */
const MONTHS: Record<string, number> = Object.fromEntries(
  [
    'jan janv january januar janvier',
    'feb febr fev fév fevr févr february februar février',
    'mar mär march märz mars',
    'apr avr april avril',
    'may mai',
    'jun june juni juin',
    'jul july juli juil juillet',
    'aug august aout août',
    'sep sept september septembre',
    'oct okt october oktober octobre',
    'nov november novembre',
    'dec dez déc december dezember décembre decembre',
  ].flatMap((names, i) => names.split(' ').map((name) => [name, i + 1])),
);

const isoDate = (year: number, month: number, day: number): string | null => {
  const full = year < 100 ? 2000 + year : year;
  const text = `${full}-${String(month).padStart(2, '0')}-${String(day).padStart(2, '0')}`;
  return isoDateSchema.safeParse(text).success ? text : null;
};

/**
 * The first date on the receipt, in the common layouts: 2027-04-11, 11.04.2027, 11/04/27, 4/23/2027, 2027年4月11日,
 * 11 Apr 2027. Day first as most of the world prints it, month first when `monthFirst` (a receipt in US dollars) —
 * either way unless the number cannot be a month.
 */
export function readReceiptDate(text: string, monthFirst = false): string | null {
  const layouts: Array<[RegExp, (m: RegExpExecArray) => string | null]> = [
    [/(\d{4})\s*年\s*(\d{1,2})\s*月\s*(\d{1,2})\s*日/, (m) => isoDate(+m[1]!, +m[2]!, +m[3]!)],
    [/\b(\d{4})[-/.](\d{1,2})[-/.](\d{1,2})\b/, (m) => isoDate(+m[1]!, +m[2]!, +m[3]!)],
    [
      /\b(\d{1,2})[./-](\d{1,2})[./-](\d{4}|\d{2})\b/,
      (m) =>
        (monthFirst && +m[1]! <= 12) || +m[2]! > 12
          ? isoDate(+m[3]!, +m[1]!, +m[2]!)
          : isoDate(+m[3]!, +m[2]!, +m[1]!),
    ],
    [
      /\b(\d{1,2})\.?\s+([A-Za-zÀ-ÿ]{3,9})\.?\s+(\d{4})\b/,
      (m) => {
        const month = MONTHS[m[2]!.toLowerCase()];
        return month ? isoDate(+m[3]!, month, +m[1]!) : null;
      },
    ],
    [
      /\b([A-Za-z]{3,9})\.?\s+(\d{1,2}),?\s+(\d{4})\b/,
      (m) => {
        const month = MONTHS[m[1]!.toLowerCase()];
        return month ? isoDate(+m[3]!, month, +m[2]!) : null;
      },
    ],
  ];
  for (const line of text.split('\n')) {
    for (const [layout, read] of layouts) {
      const match = layout.exec(repairFigures(line));
      const date = match && read(match);
      if (date) return date;
    }
  }
  return null;
}

/** "2 x Soup", "2x Soup", "Soup x2", "2 Soup" at the start: the quantity and the name without it. */
function quantityOf(name: string): { name: string; quantity: number | null } {
  const lead = /^(\d{1,3})\s*[x×*]\s*(.+)$/i.exec(name) ?? /^(\d{1,2})\s+([A-Za-zÀ-ÿ].+)$/.exec(name);
  if (lead) return { quantity: Number(lead[1]) || null, name: lead[2]!.trim() };
  const tail = /^(.+?)\s*[x×]\s*(\d{1,3})$/i.exec(name);
  if (tail) return { quantity: Number(tail[2]) || null, name: tail[1]!.trim() };
  return { name, quantity: null };
}

/** The item name of a line: its text before its first amount, currency signs and trailing marks taken off. */
function itemNameOf(line: string, digits: number): string {
  const first = amountsAt(line, digits)[0]?.at ?? line.length;
  return line
    .slice(0, first)
    .replace(/[€£$¥￥]|\b(EUR|USD|GBP|CHF)\b/g, '')
    .replace(/[\s@*x×:]+$/i, '')
    .replace(/\s+/g, ' ')
    .trim();
}

/**
 * OCR text to a scanned receipt. Reads the currency from symbols or codes, the total from its strongest total line
 * (its amount, or the next line's when the OCR split it), the first date, the merchant from the first line of
 * words, the item lines above the total, and tax and tip lines; tax and tip are kept as extras only when the items
 * plus them make the total (else the total includes them, as VAT does on European receipts).
 */
export function parseReceiptText(text: string): ScannedReceipt {
  const lines = text
    .split(/\r?\n/)
    .map((line) => repairFigures(line.replace(/\s+/g, ' ').trim()))
    .filter(Boolean);
  const currency = currencyOf(text);
  const digits = currency ? minorUnits(currency) : 2;
  const lastAmount = (index: number) => {
    const here = amountsOf(lines[index] ?? '', digits);
    return here[here.length - 1] ?? null;
  };

  let total: { value: number; rank: number; index: number } | null = null;
  lines.forEach((line, index) => {
    if (NOT_TOTAL.test(line) && !TOTAL_WORDS[0]!.test(line)) return;
    const rank = TOTAL_WORDS.findIndex((words) => words.test(line));
    if (rank < 0) return;
    // A total split over two lines: "TOTAL" then "23,50".
    const value =
      lastAmount(index) ?? (amountsOf(lines[index + 1] ?? '', digits).length ? lastAmount(index + 1) : null);
    if (value === null) return;
    const better = !total || rank < total.rank || (rank === total.rank && value > total.value);
    if (better) total = { value, rank, index };
  });
  const found = total as { value: number; rank: number; index: number } | null;
  const end = found?.index ?? lines.length;

  const extraOf = (words: RegExp) => {
    const index = lines.findIndex((line) => words.test(line) && !TOTAL_WORDS[0]!.test(line));
    return index < 0 ? null : lastAmount(index);
  };
  const items: ScannedItem[] = [];
  lines.slice(0, end).forEach((line, index) => {
    if (NOT_ITEM.test(line)) return;
    const amount = lastAmount(index);
    const named = quantityOf(itemNameOf(line, digits));
    if (amount === null || amount === 0 || !/[A-Za-zÀ-ÿ\u3040-\u9fff]{2}/.test(named.name)) return;
    items.push({ name: named.name.slice(0, 120), amount, quantity: named.quantity });
  });
  const merchant =
    lines.find(
      (line) =>
        /[A-Za-zÀ-ÿ\u3040-\u9fff]{3}/.test(line) &&
        amountsOf(line, digits).length === 0 &&
        !readReceiptDate(line),
    ) ?? null;
  const tax = extraOf(TAX_WORDS);
  const tip = extraOf(TIP_WORDS);
  const itemsTotal = sumMinor(items.map((i) => i.amount));
  const onTop = found !== null && itemsTotal + (tax ?? 0) + (tip ?? 0) === found.value && itemsTotal > 0;
  return {
    merchant: merchant ? merchant.slice(0, 200) : null,
    date: readReceiptDate(text, currency === 'USD'),
    currency,
    total: found?.value ?? null,
    tax: onTop ? tax : null,
    tip: onTop ? tip : null,
    items,
  };
}
