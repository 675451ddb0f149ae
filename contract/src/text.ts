import { z } from 'zod';

/**
 * Characters that draw nothing: controls, format characters (zero-width spaces and joiners, bidi overrides, BOM),
 * lone surrogates, private-use and unassigned code points, separators (spaces), and the blank-looking fillers
 * Unicode files under letters and symbols (Hangul fillers, the blank braille pattern, the combining grapheme joiner).
 */
const VISIBLE = /[^\p{C}\p{Z}\u034F\u115F\u1160\u3164\uFFA0\u2800]/u;
/** Control characters (C0, DEL, C1) and lone surrogates; `multiline` text may keep tabs and line breaks. */
const FORBIDDEN = /[\p{Cc}\p{Cs}]/u;
const FORBIDDEN_MULTILINE = /[\p{Cs}\0-\x08\x0B\x0C\x0E-\x1F\x7F-\x9F]/u;

/** True when the text shows at least one character a reader can see. */
export const hasVisibleCharacter = (text: string) => VISIBLE.test(text);

/**
 * A required title, name or destination: trimmed, at most `max` characters, at least one visible character, and
 * no control characters or lone surrogates (invisible text would make an entry nobody can read or pick out).
 */
export const visibleText = (label: string, max: number, { multiline = false } = {}) =>
  z
    .string({ error: `${label} is required` })
    .trim()
    .max(max, `${label} must be at most ${max} characters`)
    .refine((text) => !(multiline ? FORBIDDEN_MULTILINE : FORBIDDEN).test(text), {
      message: `${label} contains characters that cannot be shown`,
      abort: true,
    })
    .refine(hasVisibleCharacter, `${label} is required`);
