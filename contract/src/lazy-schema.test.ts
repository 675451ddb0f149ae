import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { lazySchema } from './lazy-schema';
import { tripViewSchema } from './trip-views';

// A schema as the contract writes them: nested, a discriminated union, a transform, a refinement, a derived one.
const build = () => {
  const person = z.object({ id: z.string().min(1), share_cents: z.number().int().nonnegative() });
  const split = z.discriminatedUnion('kind', [
    z.object({ kind: z.literal('equal'), people: z.array(person).min(1) }),
    z.object({ kind: z.literal('payer'), payer: person }),
  ]);
  return z
    .object({ title: z.string().trim().min(1), split, note: z.string().nullable().optional() })
    .refine((answer) => answer.title !== 'refused', { message: 'refused' })
    .transform((answer) => ({ ...answer, title: answer.title.toUpperCase() }));
};

const answers = fc.record({
  title: fc.oneof(fc.string(), fc.constant('refused'), fc.constant(7)),
  split: fc.oneof(
    fc.record({
      kind: fc.constant('equal'),
      people: fc.array(fc.record({ id: fc.string(), share_cents: fc.integer({ min: -2, max: 1e6 }) })),
    }),
    fc.record({ kind: fc.constant('payer'), payer: fc.record({ id: fc.string(), share_cents: fc.nat() }) }),
    fc.anything(),
  ),
  note: fc.option(fc.string(), { nil: undefined }),
});

describe('lazySchema', () => {
  it('builds the schema on first use, once', () => {
    let builds = 0;
    const schema = lazySchema(() => {
      builds += 1;
      return z.object({ id: z.string() });
    });
    expect(builds).toBe(0);
    expect(schema.parse({ id: 'a' })).toEqual({ id: 'a' });
    expect(schema.safeParse({ id: 1 }).success).toBe(false);
    expect(builds).toBe(1);
  });

  it('answers every input as the schema built at once does (parse result, issues, transform)', () => {
    const eager = build();
    const lazy = lazySchema(build);
    fc.assert(
      fc.property(fc.oneof(answers, fc.anything()), (input) => {
        const [a, b] = [eager.safeParse(input), lazy.safeParse(input)];
        expect(b.success).toBe(a.success);
        expect(b.data).toEqual(a.data);
        expect(b.error?.issues).toEqual(a.error?.issues);
      }),
    );
  });

  it('works nested in other schemas, extended, and as the schema it stands for', () => {
    const person = lazySchema(() => z.object({ id: z.string(), name: z.string() }));
    const people = z.object({ people: z.array(person) });
    const union = z.discriminatedUnion('type', [
      lazySchema(() => z.object({ type: z.literal('a'), a: z.number() })),
      z.object({ type: z.literal('b') }),
    ]);
    expect(people.parse({ people: [{ id: '1', name: 'Ann' }] })).toEqual({
      people: [{ id: '1', name: 'Ann' }],
    });
    expect(people.safeParse({ people: [{ id: 1 }] }).success).toBe(false);
    expect(union.parse({ type: 'a', a: 1 })).toEqual({ type: 'a', a: 1 });
    expect(union.safeParse({ type: 'a' }).success).toBe(false);
    expect(person.extend({ age: z.number() }).parse({ id: '1', name: 'Ann', age: 3 })).toEqual({
      id: '1',
      name: 'Ann',
      age: 3,
    });
    expect(person).toBeInstanceOf(z.ZodObject);
    expect(Object.keys(person.shape)).toEqual(['id', 'name']);
    expect(person.pick({ id: true }).parse({ id: '1', name: 'x' })).toEqual({ id: '1' });
  });

  it('stands for a contract answer schema', () => {
    const lazy = lazySchema(() => tripViewSchema);
    fc.assert(
      fc.property(fc.anything(), (input) => {
        expect(lazy.safeParse(input).success).toBe(tripViewSchema.safeParse(input).success);
      }),
    );
  });
});
