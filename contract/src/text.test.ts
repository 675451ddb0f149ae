import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { visibleText } from './text';

const title = visibleText('Title', 200);
const description = visibleText('Description', 2000, { multiline: true });
const errorOf = (schema: typeof title, value: unknown) => {
  const parsed = schema.safeParse(value);
  return parsed.success ? null : parsed.error.issues[0]?.message;
};

/** Code points that draw nothing, one of each kind the issue's probe used, and their relatives. */
const INVISIBLE = [
  ' ',
  '\u00A0',
  '\u200B',
  '\u200C',
  '\u200D',
  '\u2060',
  '\uFEFF',
  '\u202E',
  '\u202D',
  '\u2066',
  '\u2069',
  '\u3000',
  '\u3164',
  '\u115F',
  '\u2800',
  '\u034F',
  '\u00AD',
  '\uE000',
];

describe('visibleText', () => {
  it.each([
    ['plain text', 'Lisbon'],
    ['accented and non-Latin letters', 'Zürich 東京 القاهرة'],
    ['an emoji', '🏖'],
    ['a right-to-left title with marks', '\u202Bשלום\u202C'],
    ['a combining sequence', 'e\u0301'],
  ])('accepts %s', (_case, value) => {
    expect(errorOf(title, value)).toBeNull();
  });

  it.each([
    ['only a NUL', '\u0000', 'Title contains characters that cannot be shown'],
    ['a control character inside', 'Lis\u0007bon', 'Title contains characters that cannot be shown'],
    ['a lone high surrogate', '\uD800', 'Title contains characters that cannot be shown'],
    ['a lone low surrogate beside text', 'a\uDC00', 'Title contains characters that cannot be shown'],
    ['zero-width spaces only', '\u200B\u200B', 'Title is required'],
    ['an RTL override only', '\u202E', 'Title is required'],
    ['blank', '   ', 'Title is required'],
    ['too long', 'x'.repeat(201), 'Title must be at most 200 characters'],
  ])('rejects %s', (_case, value, message) => {
    expect(errorOf(title, value)).toBe(message);
  });

  it('rejects every string made only of invisible characters, whatever their order', () => {
    fc.assert(
      fc.property(fc.array(fc.constantFrom(...INVISIBLE), { minLength: 1, maxLength: 30 }), (parts) => {
        expect(errorOf(title, parts.join(''))).not.toBeNull();
      }),
    );
  });

  it('accepts any text with a visible character and no control characters, trimmed', () => {
    fc.assert(
      fc.property(
        fc.array(fc.constantFrom(...INVISIBLE)),
        fc.stringMatching(/^[A-Za-z0-9À-ž]{1,20}$/),
        (padding, word) => {
          const parsed = title.safeParse(`${padding.join('')}${word}`);
          expect(parsed.success).toBe(true);
        },
      ),
    );
  });

  it('lets multiline text keep line breaks and tabs, not other controls', () => {
    expect(errorOf(description, 'Day one\n\tbeach')).toBeNull();
    expect(errorOf(description, 'Day one\u0000')).toBe(
      'Description contains characters that cannot be shown',
    );
    expect(errorOf(title, 'Day one\nbeach')).toBe('Title contains characters that cannot be shown');
  });
});
