import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { jsonObject, jsonOf } from './typed-json';

describe('typed JSON parts', () => {
  it('assembles exactly what JSON.stringify writes for the whole object, for any field values', () => {
    const value = fc.jsonValue();
    fc.assert(
      fc.property(fc.record({ a: value, b: fc.string(), 'quote"d': fc.option(fc.integer()) }), (object) => {
        const assembled = jsonObject<typeof object>({
          a: jsonOf(object.a),
          b: jsonOf(object.b),
          'quote"d': jsonOf(object['quote"d']),
        });
        expect(assembled.toString()).toBe(JSON.stringify(object));
      }),
    );
  });

  it('writes an empty object', () => {
    expect(jsonObject<Record<string, never>>({}).toString()).toBe('{}');
  });
});
