import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { jsonArrayInTurns, jsonObject, jsonOf } from './typed-json';

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

  it('writes a list in batches exactly as JSON.stringify writes the whole list, for any items and batch size', async () => {
    await fc.assert(
      fc.asyncProperty(fc.array(fc.jsonValue()), fc.integer({ min: 1, max: 7 }), async (items, batch) => {
        const view = (item: unknown) => ({ item });
        const assembled = await jsonArrayInTurns(items, view, batch);
        expect(assembled.toString()).toBe(JSON.stringify(items.map(view)));
      }),
    );
  });
});
