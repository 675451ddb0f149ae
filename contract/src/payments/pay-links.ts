/**
 * Pay links and QR payloads, built from a payee's handles (handles.ts) for one transfer: each provider's own
 * documented format, from the amount in integer minor units. Pure functions, so the web app draws them offline and
 * the tests pin each format to its documentation.
 */
import { minorUnits } from '../iso4217';
import { minorToDecimalText } from '../money';
import type { PaymentHandles, PaymentProvider } from './handles';

/** One transfer to pay: what the payee is owed, and the text that tells them what it was for. */
export interface PayRequest {
  amount_minor: number;
  currency: string;
  /** Shown to the payee with the money, e.g. "Wayfare · Lisbon". */
  reference: string;
  /** The payee's name as the payer knows them. */
  payee_name: string;
}

interface OptionBase {
  provider: PaymentProvider;
  label: string;
}
/** A link that opens the provider's app or site with the payment filled in. */
export type PayOption =
  | (OptionBase & { kind: 'link'; url: string })
  /** A payload to scan with another phone's banking app, or copy; `url` when the same text also opens an app. */
  | (OptionBase & { kind: 'qr'; payload: string; url?: string })
  /** Details to copy into the provider's app (a Wise account known only by its email). */
  | (OptionBase & { kind: 'copy'; text: string });

/** The amount as the currency's decimal text ("12.50", "1500" yen). */
const decimal = (amountMinor: number, currency: string) =>
  minorToDecimalText(amountMinor, minorUnits(currency));

/** PayPal's currencies (its REST API's currency codes). */
const PAYPAL_CURRENCIES = new Set(
  'AUD BRL CAD CNY CZK DKK EUR HKD HUF ILS JPY MYR MXN TWD NZD NOK PHP PLN GBP SGD SEK CHF THB USD'.split(
    ' ',
  ),
);
/** PayPal refuses decimals in these, though ISO 4217 gives them two. */
const PAYPAL_WHOLE_ONLY = new Set(['HUF', 'TWD']);

/** https://paypal.me/{user}/{amount}{CUR}; null where PayPal cannot take the amount. */
export function paypalMeLink(user: string, amountMinor: number, currency: string): string | null {
  if (!PAYPAL_CURRENCIES.has(currency)) return null;
  let amount = decimal(amountMinor, currency);
  if (PAYPAL_WHOLE_ONLY.has(currency)) {
    if (amountMinor % 100 !== 0) return null;
    amount = String(amountMinor / 100);
  }
  return `https://paypal.me/${encodeURIComponent(user)}/${amount}${currency}`;
}

/** Venmo's web link, US dollars only: https://venmo.com/{user}?txn=pay&amount=…&note=… */
export const venmoLink = (user: string, amountMinor: number, note: string) =>
  `https://venmo.com/${encodeURIComponent(user)}?txn=pay&amount=${decimal(amountMinor, 'USD')}&note=${encodeURIComponent(note)}`;

export const revolutLink = (tag: string) => `https://revolut.me/${encodeURIComponent(tag)}`;

/** A Wisetag's page (the tag without its "@"). */
export const wiseLink = (wisetag: string) =>
  `https://wise.com/pay/me/${encodeURIComponent(wisetag.replace(/^@/, ''))}`;

/** Monzo.me, pounds only: https://monzo.me/{user}/{amount}?d={reference} */
export const monzoLink = (user: string, amountMinor: number, reference: string) =>
  `https://monzo.me/${encodeURIComponent(user)}/${decimal(amountMinor, 'GBP')}?d=${encodeURIComponent(reference)}`;

/** A UPI intent (NPCI's linking specification), rupees only; "@" stays readable in the payee's address. */
export function upiLink(vpa: string, payeeName: string, amountMinor: number, note: string): string {
  const value = (text: string) => encodeURIComponent(text).replace(/%40/g, '@');
  const fields = { pa: vpa, pn: payeeName, am: decimal(amountMinor, 'INR'), cu: 'INR', tn: note };
  return `upi://pay?${Object.entries(fields)
    .map(([key, text]) => `${key}=${value(text)}`)
    .join('&')}`;
}

/** The EPC QR code's limits (EPC069-12 version 002). */
export const EPC_MAX_BYTES = 331;
export const EPC_MAX_MINOR = 99_999_999_999;
const utf8 = new TextEncoder();
const bytes = (text: string) => utf8.encode(text).length;

/** One line of text: line breaks and other control characters become spaces (a line break ends an EPC field). */
const oneLine = (text: string) =>
  text
    .replace(/\p{Cc}+/gu, ' ')
    .replace(/\s+/g, ' ')
    .trim();

/** The longest start of `text` within `maxChars` characters and `maxBytes` bytes of UTF-8, never splitting one. */
function clip(text: string, maxChars: number, maxBytes: number): string {
  let kept = '';
  let size = 0;
  for (const char of Array.from(text).slice(0, maxChars)) {
    const code = char.codePointAt(0)!;
    size += code < 0x80 ? 1 : code < 0x800 ? 2 : code < 0x10000 ? 3 : 4;
    if (size > maxBytes) break;
    kept += char;
  }
  return kept.trimEnd();
}

/**
 * The EPC QR code of a SEPA credit transfer (EPC069-12, "GiroCode"): service tag, version 002, UTF-8, SCT, no BIC
 * (optional inside the EEA), the payee's name (≤70), IBAN, EUR amount, no purpose or structured reference, and the
 * remittance text (≤140), one per line, within 331 bytes (the name, then the text, are shortened to fit).
 */
export function epcPayload(iban: string, name: string, amountMinor: number, text: string): string {
  if (!Number.isInteger(amountMinor) || amountMinor < 1 || amountMinor > EPC_MAX_MINOR) {
    throw new RangeError('An EPC QR code carries 0.01 to 999999999.99 euros');
  }
  const head = ['BCD', '002', '1', 'SCT', ''];
  const amount = `EUR${minorToDecimalText(amountMinor, 2)}`;
  const fixed = bytes([...head, '', iban, amount, '', '', ''].join('\n'));
  const payee = clip(oneLine(name), 70, EPC_MAX_BYTES - fixed);
  const remittance = clip(oneLine(text), 140, EPC_MAX_BYTES - fixed - bytes(payee));
  return [...head, payee, iban, amount, '', '', remittance].join('\n');
}

/** CRC-16/CCITT-FALSE (polynomial 0x1021, initial 0xFFFF) of the text's UTF-8, as 4 upper-case hex digits. */
export function crc16CcittFalse(text: string): string {
  let crc = 0xffff;
  for (const byte of utf8.encode(text)) {
    crc ^= byte << 8;
    for (let bit = 0; bit < 8; bit += 1)
      crc = crc & 0x8000 ? ((crc << 1) ^ 0x1021) & 0xffff : (crc << 1) & 0xffff;
  }
  return crc.toString(16).toUpperCase().padStart(4, '0');
}

/** An EMV field: its id, its length in two digits, its value. */
const emv = (id: string, value: string) => `${id}${String(value.length).padStart(2, '0')}${value}`;

/** Text a BR Code carries: ASCII without accents (what every Brazilian bank's reader takes), at most `max`. */
const pixText = (text: string, max: number) =>
  oneLine(
    text
      .normalize('NFD')
      .replace(/\p{M}/gu, '')
      .replace(/[^\x20-\x7E]/g, ' '),
  )
    .slice(0, max)
    .trimEnd();

export interface PixPayment {
  key: string;
  name: string;
  city: string;
  /** Left out, the payer types the amount. */
  amountMinor?: number;
  description?: string;
}

/**
 * A static Pix BR Code (Banco Central do Brasil's BR Code manual, EMV QRCPS merchant-presented): payload format
 * 01, the Pix account (GUI, key, description while it fits 99 characters), category 0000, BRL (986), amount, BR,
 * the payee's name (≤25) and city (≤15), the transaction id "***" (none), and the CRC over everything before it.
 */
export function pixPayload({ key, name, city, amountMinor, description = '' }: PixPayment): string {
  const account = emv('00', 'br.gov.bcb.pix') + emv('01', key);
  const room = 99 - account.length - 4;
  const note = room > 0 ? pixText(description, room) : '';
  const body = [
    emv('00', '01'),
    emv('26', account + (note ? emv('02', note) : '')),
    emv('52', '0000'),
    emv('53', '986'),
    amountMinor === undefined ? '' : emv('54', decimal(amountMinor, 'BRL')),
    emv('58', 'BR'),
    emv('59', pixText(name, 25) || 'NA'),
    emv('60', pixText(city, 15) || 'BRASIL'),
    emv('62', emv('05', '***')),
    '6304',
  ].join('');
  return body + crc16CcittFalse(body);
}

/**
 * The payee's city in a Pix code: Wayfare does not ask for it, and the key alone routes the payment; the field is
 * required, so the country stands in.
 */
const PIX_CITY = 'BRASIL';

/**
 * Every way the payer can pay this transfer with the payee's handles, in a fixed order; none for a provider that
 * cannot take the currency (Venmo only dollars, Monzo pounds, UPI rupees, SEPA euros, Pix reais).
 */
export function payOptions(handles: PaymentHandles, request: PayRequest): PayOption[] {
  const { amount_minor: amount, currency, reference, payee_name: payee } = request;
  const options: PayOption[] = [];
  const link = (provider: PaymentProvider, label: string, url: string | null) => {
    if (url) options.push({ provider, label, kind: 'link', url });
  };
  if (handles.paypal) link('paypal', 'PayPal', paypalMeLink(handles.paypal, amount, currency));
  if (handles.venmo && currency === 'USD')
    link('venmo', 'Venmo', venmoLink(handles.venmo, amount, reference));
  if (handles.revolut) link('revolut', 'Revolut', revolutLink(handles.revolut));
  if (handles.wise?.startsWith('@')) link('wise', 'Wise', wiseLink(handles.wise));
  else if (handles.wise) options.push({ provider: 'wise', label: 'Wise', kind: 'copy', text: handles.wise });
  if (handles.monzo && currency === 'GBP')
    link('monzo', 'Monzo', monzoLink(handles.monzo, amount, reference));
  if (handles.upi && currency === 'INR') {
    const url = upiLink(handles.upi, payee, amount, reference);
    options.push({ provider: 'upi', label: 'UPI', kind: 'qr', payload: url, url });
  }
  if (handles.iban && currency === 'EUR' && amount <= EPC_MAX_MINOR) {
    const payload = epcPayload(handles.iban.iban, handles.iban.name, amount, reference);
    options.push({ provider: 'iban', label: 'Bank transfer (SEPA QR)', kind: 'qr', payload });
  }
  if (handles.pix && currency === 'BRL') {
    const payload = pixPayload({
      key: handles.pix,
      name: payee,
      city: PIX_CITY,
      amountMinor: amount,
      description: reference,
    });
    options.push({ provider: 'pix', label: 'Pix', kind: 'qr', payload });
  }
  return options;
}
