import { describe, expect, it } from 'vitest';
import { MAX_TRIP_DAYS, type DailyPlan } from '@wayfare/contract';
import {
  canSubmitPlan,
  dayHeading,
  dayOptionLabel,
  daySections,
  isKnownCategory,
  movePlan,
  planningDates,
} from './planDays';

const plan = (id: string, plan_date: string, order = 0, created_at = '2027-01-01T00:00:00Z'): DailyPlan => ({
  id,
  trip_id: 't',
  plan_date,
  category: 'Attraction',
  title: id,
  description: '',
  day_number: 1,
  order,
  created_at,
});

const trip = { start_date: '2027-03-05', end_date: '2027-03-08' };

describe('planning dates', () => {
  it('runs from the start to the day before the end', () => {
    expect(planningDates(trip)).toEqual(['2027-03-05', '2027-03-06', '2027-03-07']);
  });

  it("draws at most a trip's longest span, even for dates stored before edits were limited", () => {
    const dates = planningDates({ start_date: '0001-01-01', end_date: '9999-12-31' });
    expect(dates).toHaveLength(MAX_TRIP_DAYS);
    expect(dates[0]).toBe('0001-01-01');
    expect(daySections({ start_date: '0001-01-01', end_date: '9999-12-31' }, [])).toHaveLength(MAX_TRIP_DAYS);
  });

  it('keeps one day for a trip that ends the day it starts, and none without a start', () => {
    expect(planningDates({ start_date: '2027-03-05', end_date: '2027-03-05' })).toEqual(['2027-03-05']);
    expect(planningDates({ start_date: null, end_date: null })).toEqual([]);
  });
});

describe('daySections', () => {
  it('puts each plan on its day in order, and keeps empty days', () => {
    const sections = daySections(trip, [
      plan('dinner', '2027-03-05', 1000),
      plan('tower', '2027-03-05', 0),
      plan('museum', '2027-03-07', 0),
    ]);
    expect(sections.map((s) => [s.date, s.dayNumber, s.plans.map((p) => p.id)])).toEqual([
      ['2027-03-05', 1, ['tower', 'dinner']],
      ['2027-03-06', 2, []],
      ['2027-03-07', 3, ['museum']],
    ]);
  });

  it('shows plans dated outside the planning range on their own days, and drops undated ones', () => {
    const sections = daySections(trip, [
      plan('early', '2027-03-01'),
      plan('last', '2027-03-08'),
      plan('none', ''),
    ]);
    expect(sections.map((s) => [s.date, s.dayNumber, s.plans.length])).toEqual([
      ['2027-03-01', -3, 1],
      ['2027-03-05', 1, 0],
      ['2027-03-06', 2, 0],
      ['2027-03-07', 3, 0],
      ['2027-03-08', 4, 1],
    ]);
    expect(dayHeading(-3)).toBe('Before the trip');
    expect(dayHeading(4)).toBe('Day 4');
  });
});

describe('plan helpers', () => {
  it('moves one plan to another date with its new day number', () => {
    const plans = [plan('a', '2027-03-05'), plan('b', '2027-03-05')];
    const moved = movePlan(plans, 'b', '2027-03-07', trip.start_date);
    expect(moved.map((p) => [p.id, p.plan_date, p.day_number])).toEqual([
      ['a', '2027-03-05', 1],
      ['b', '2027-03-07', 3],
    ]);
    expect(plans[1]?.plan_date).toBe('2027-03-05');
  });

  it('labels day options like "1st day, March 5"', () => {
    expect(dayOptionLabel('2027-03-05', 0)).toBe('1st day, March 5');
    expect(dayOptionLabel('2027-03-06', 1)).toBe('2nd day, March 6');
  });

  it('knows its categories', () => {
    expect(isKnownCategory('Hotel')).toBe(true);
    expect(isKnownCategory('Spa')).toBe(false);
  });

  it('enables Add Plan only with a day, a category and a non-blank title', () => {
    const draft = { plan_date: '2027-03-05', category: 'Hotel', title: 'Inn', description: '' };
    expect(canSubmitPlan(draft)).toBe(true);
    expect(canSubmitPlan({ ...draft, title: '   ' })).toBe(false);
    expect(canSubmitPlan({ ...draft, category: '' })).toBe(false);
    expect(canSubmitPlan({ ...draft, plan_date: '' })).toBe(false);
  });
});
