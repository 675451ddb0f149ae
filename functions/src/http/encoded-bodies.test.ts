import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import { describe, expect, it } from 'vitest';
import { createEncodedBodies } from './encoded-bodies';

const body = Buffer.from(JSON.stringify({ balances: Array.from({ length: 2000 }, (_, i) => ({ i })) }));

describe('encoded bodies of megabytes', () => {
  it('makes a body once and compresses it once per coding, however many callers ask at once', async () => {
    const bodies = createEncodedBodies(1024 * 1024);
    let made = 0;
    const make = async () => {
      made += 1;
      await new Promise((resolve) => setImmediate(resolve));
      return body;
    };
    const codings = [null, 'gzip', 'br'] as const;
    const answers = await Promise.all(
      Array.from({ length: 30 }, (_, i) => bodies.encodeLarge('"e1"', codings[i % 3]!, make)),
    );
    expect(made).toBe(1);
    expect(answers[0]).toEqual(body);
    expect(gunzipSync(answers[1]!)).toEqual(body);
    expect(brotliDecompressSync(answers[2]!)).toEqual(body);
    // Each coding is one Buffer, shared by every caller, and kept: asked again, nothing is made.
    expect(new Set(answers).size).toBe(3);
    expect(await bodies.encodeLarge('"e1"', 'gzip', make)).toBe(answers[1]);
    expect(made).toBe(1);
  });

  it('keeps no more bytes than its bound: the least recently used body is made again', async () => {
    const bodies = createEncodedBodies(body.length + 10);
    let made = 0;
    const make = async () => {
      made += 1;
      return body;
    };
    await bodies.encodeLarge('"a"', null, make);
    await bodies.encodeLarge('"b"', null, make);
    await bodies.encodeLarge('"a"', null, make);
    expect(made).toBe(3);
  });
});
