import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { DURATION_NEEDS_START, planInputSchema, plansByDay, planTimeSchema } from './plans';

const base = { plan_date: '2027-04-10', category: 'Attraction', title: 'Tower' };

describe('plan times', () => {
  it('accepts every minute of the day as HH:MM and nothing else of that length', () => {
    fc.assert(
      fc.property(fc.integer({ min: 0, max: 23 }), fc.integer({ min: 0, max: 59 }), (h, m) => {
        const time = `${String(h).padStart(2, '0')}:${String(m).padStart(2, '0')}`;
        expect(planTimeSchema.parse(time)).toBe(time);
      }),
    );
    fc.assert(
      fc.property(fc.string({ minLength: 5, maxLength: 5 }), (text) => {
        const valid = /^([01]\d|2[0-3]):[0-5]\d$/.test(text);
        expect(planTimeSchema.safeParse(text).success).toBe(valid);
      }),
    );
  });

  it('writes the time as one: either field sets both, neither keeps them, a duration needs a start', () => {
    expect(planInputSchema.parse(base)).not.toHaveProperty('start_time');
    expect(planInputSchema.parse({ ...base, start_time: '09:00' })).toMatchObject({
      start_time: '09:00',
      duration_minutes: null,
    });
    expect(planInputSchema.parse({ ...base, start_time: null })).toMatchObject({
      start_time: null,
      duration_minutes: null,
    });
    const orphan = planInputSchema.safeParse({ ...base, duration_minutes: 30 });
    expect(orphan.success).toBe(false);
    expect(orphan.error?.issues[0]).toMatchObject({
      message: DURATION_NEEDS_START,
      path: ['duration_minutes'],
    });
  });

  it('groups plans by date with timed ones first by time, then untimed by order', () => {
    const plan = (id: string, plan_date: string, order: number, start_time: string | null = null) => ({
      id,
      plan_date,
      order,
      start_time,
      created_at: '2027-01-01T00:00:00Z',
    });
    const days = plansByDay([
      plan('b', '2027-04-11', 0),
      plan('untimed', '2027-04-10', 0),
      plan('late', '2027-04-10', 3, '18:00'),
      plan('early', '2027-04-10', 7, '07:15'),
      plan('food', '2027-04-10', 1000),
    ]);
    expect(days.map((day) => [day.date, day.plans.map((p) => p.id)])).toEqual([
      ['2027-04-10', ['early', 'late', 'untimed', 'food']],
      ['2027-04-11', ['b']],
    ]);
  });
});
