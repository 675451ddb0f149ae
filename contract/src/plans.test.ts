import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { DURATION_NEEDS_START, planFormSchema, planInputSchema, plansByDay, planTimeSchema } from './plans';

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

describe('planFormSchema (the Add New Plan form)', () => {
  const draft = {
    plan_date: '2027-03-05',
    category: 'Restaurant',
    title: ' Dinner ',
    description: ' ',
    start_time: '19:30',
    duration: '90',
  };
  const problems = (values: typeof draft) =>
    Object.fromEntries(
      (planFormSchema.safeParse(values).error?.issues ?? []).map((issue) => [issue.path[0], issue.message]),
    );

  it('needs a day, a category and a non-blank title', () => {
    expect(problems(draft)).toEqual({});
    expect(problems({ ...draft, title: '   ' })).toEqual({ title: 'Title is required' });
    expect(problems({ ...draft, category: '' })).toEqual({ category: 'Category is required' });
    expect(Object.keys(problems({ ...draft, plan_date: '' }))).toEqual(['plan_date']);
  });

  it('checks the duration: whole minutes up to a day, and only with a start time', () => {
    expect(problems({ ...draft, start_time: '', duration: '' })).toEqual({});
    expect(problems({ ...draft, start_time: '', duration: '30' })).toEqual({
      duration: 'Set a start time to give a duration',
    });
    for (const bad of ['0', '1.5', '1441', 'abc', '-5', '1e2']) {
      expect(problems({ ...draft, duration: bad })).toEqual({
        duration: 'Enter whole minutes from 1 to 1440',
      });
    }
  });

  it('sends the time as one: null for an untimed plan, minutes as a number', () => {
    expect(planFormSchema.parse(draft)).toEqual({
      plan_date: '2027-03-05',
      category: 'Restaurant',
      title: 'Dinner',
      description: '',
      start_time: '19:30',
      duration_minutes: 90,
    });
    expect(planFormSchema.parse({ ...draft, duration: '' })).toMatchObject({
      start_time: '19:30',
      duration_minutes: null,
    });
    expect(planFormSchema.parse({ ...draft, start_time: '', duration: '' })).toMatchObject({
      start_time: null,
      duration_minutes: null,
    });
  });
});
