import { expect } from 'vitest';

/**
 * RFC 5545 §3.1: the text is content lines, each ending in CRLF, the last one too: no bare CR or LF anywhere, no
 * empty line, and the final two bytes are CR LF.
 */
export function expectCrlfLines(text: string) {
  const bytes = Buffer.from(text, 'utf8');
  expect([...bytes.subarray(-2)]).toEqual([0x0d, 0x0a]);
  const lines = text.split('\r\n');
  expect(lines.pop()).toBe('');
  for (const line of lines) {
    expect(line).not.toMatch(/[\r\n]/);
    expect(line).not.toBe('');
  }
  expect(lines.at(-1)).toBe('END:VCALENDAR');
}
