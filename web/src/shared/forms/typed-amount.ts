/**
 * Amounts as people type them: "15,38" on a German phone, "15.38" on an American one, "1.234,56" or
 * "1,234.56" or "1 234,56" with grouping. Read to integer minor units once, at the edge, like parseDollarsToCents.
 */
import { MAX_MINOR } from '@wayfare/contract';

/** The locale's own decimal and grouping characters, from Intl (e.g. de-DE: ',' and '.'; fr-FR: ',' and U+202F). */
export function localeSeparators(locale: string): { decimal: string; group: string } {
  const parts = new Intl.NumberFormat(locale, { useGrouping: true }).formatToParts(1234567.5);
  return {
    decimal: parts.find((p) => p.type === 'decimal')?.value ?? '.',
    group: parts.find((p) => p.type === 'group')?.value ?? ',',
  };
}

/** Spaces of every width and apostrophes (de-CH "1’234.50") only ever group digits. */
const GROUPING_ONLY = /[\s\u00A0\u202F'’]/gu;
const CURRENCY_SYMBOLS = /\p{Sc}/gu;

/** 1,234,567: threes after a first group of one to three digits. */
const thousands = (groups: string[]) =>
  /^\d{1,3}$/.test(groups[0] ?? '') && groups.slice(1).every((g) => /^\d{3}$/.test(g));
/** 12,34,567 (India): twos, then a last three, after a first group of one or two digits. */
const lakhs = (groups: string[]) =>
  /^\d{1,2}$/.test(groups[0] ?? '') &&
  /^\d{3}$/.test(groups.at(-1) ?? '') &&
  groups.slice(1, -1).every((g) => /^\d{2}$/.test(g));

/**
 * Typed text as the digits of its whole and fractional parts, or null when it is not a plain number. With both
 * '.' and ',' present the last one is the decimal mark. A single mark followed by one or two digits is a decimal
 * mark in every locale; followed by exactly three it is what the locale makes it ("1,234" is 1234 in en-US, 1.234
 * in de-DE) when the amount has decimals at all (`fractionDigits` > 0). Groups are three digits (or Indian lakhs),
 * separated by one kind of character. The fraction may have more digits than `fractionDigits`.
 */
function readTypedParts(
  text: string,
  locale: string,
  fractionDigits: number,
): { whole: string; fraction: string } | null {
  // Grouping-only characters become one space, so a typed "1 234,56" and a formatted "1\u202F234,56" read alike.
  const value = text.replace(CURRENCY_SYMBOLS, '').trim().replace(GROUPING_ONLY, ' ');
  if (!/^\d[\d., ]*$/.test(value)) return null;
  const marks = [...value.matchAll(/[.,]/g)].map((m) => ({ char: m[0], at: m.index }));
  const last = marks.at(-1);

  let decimalAt = -1;
  if (last && marks.some((m) => m.char !== last.char)) decimalAt = last.at;
  else if (last && marks.length === 1) {
    const digitsAfter = value.length - last.at - 1;
    const spaceGrouped = value.includes(' ');
    const localeDecimal =
      localeSeparators(locale).decimal === last.char && !spaceGrouped && fractionDigits > 0;
    if (digitsAfter !== 3 || localeDecimal) decimalAt = last.at;
  }
  const whole = decimalAt < 0 ? value : value.slice(0, decimalAt);
  const fraction = decimalAt < 0 ? '' : value.slice(decimalAt + 1);
  if (decimalAt >= 0 && !/^\d+$/.test(fraction)) return null;

  const separators = new Set(whole.match(/[., ]/g) ?? []);
  if (separators.size > 1) return null;
  const groups = whole.split(/[., ]/);
  if (groups.length > 1 && !(thousands(groups) || lakhs(groups))) return null;
  return { whole: groups.join(''), fraction };
}

/**
 * Typed text to integer minor units (cents for 2 fraction digits), or null when it is not a plain amount of at
 * most `fractionDigits` decimals ("1,234" is 1234 in en-US, 1.234 — too many decimals for cents — in de-DE).
 */
export function readTypedAmount(text: string, locale: string, fractionDigits = 2): number | null {
  const parts = readTypedParts(text, locale, fractionDigits);
  if (!parts || parts.fraction.length > fractionDigits) return null;
  const minor =
    Number(parts.whole) * 10 ** fractionDigits + Number(parts.fraction.padEnd(fractionDigits, '0') || '0');
  return Number.isSafeInteger(minor) && minor <= MAX_MINOR ? minor : null;
}

/**
 * Whether typed text is a positive plain number, read as readTypedAmount reads it, with more decimals than
 * `fractionDigits` ("1.234" for cents, "12345.5" for yen): the one refusal of an amount that can say why.
 */
export function hasTooManyDecimals(text: string, locale: string, fractionDigits = 2): boolean {
  const parts = readTypedParts(text, locale, fractionDigits);
  return !!parts && parts.fraction.length > fractionDigits && /[1-9]/.test(parts.whole + parts.fraction);
}

/** Cents as a form field shows them for editing in the locale: "1234,50" in de-DE, "1234.50" in en-US (no grouping). */
export const formatTypedAmount = (cents: number, locale: string, fractionDigits = 2) =>
  new Intl.NumberFormat(locale, {
    minimumFractionDigits: fractionDigits,
    maximumFractionDigits: fractionDigits,
    useGrouping: false,
  }).format(cents / 10 ** fractionDigits);

/** A plain number (a percentage) as a form field shows it in the locale, every digit kept: "33,5" in de-DE. */
export const formatTypedNumber = (value: number, locale: string) =>
  new Intl.NumberFormat(locale, { maximumFractionDigits: 20, useGrouping: false }).format(value);
