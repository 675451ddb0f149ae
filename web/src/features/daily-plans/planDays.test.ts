import { describe, expect, it } from 'vitest';
import { MAX_TRIP_DAYS, type DailyPlan } from '@wayfare/contract';
import {
  dayHeading,
  dayOptionLabel,
  daySections,
  formatDuration,
  isKnownCategory,
  movePlan,
  planningDates,
  planTimeLabel,
} from './planDays';

const plan = (
  id: string,
  plan_date: string,
  order = 0,
  created_at = '2027-01-01T00:00:00Z',
  start_time: string | null = null,
): DailyPlan => ({
  id,
  trip_id: 't',
  plan_date,
  category: 'Attraction',
  title: id,
  description: '',
  day_number: 1,
  order,
  start_time,
  duration_minutes: null,
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

  it('lists timed plans first by start time, then untimed ones in their order', () => {
    const [day] = daySections(trip, [
      plan('untimed-late', '2027-03-05', 1000),
      plan('dinner', '2027-03-05', 5, undefined, '19:30'),
      plan('untimed', '2027-03-05', 0),
      plan('breakfast', '2027-03-05', 9, undefined, '08:00'),
    ]);
    expect(day?.plans.map((p) => p.id)).toEqual(['breakfast', 'dinner', 'untimed', 'untimed-late']);
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

  it("labels a plan's time on its bubble", () => {
    expect(formatDuration(45)).toBe('45 min');
    expect(formatDuration(120)).toBe('2 h');
    expect(formatDuration(90)).toBe('1 h 30 min');
    expect(planTimeLabel({ start_time: null, duration_minutes: null })).toBeNull();
    expect(planTimeLabel({ start_time: '09:30', duration_minutes: null })).toBe('09:30');
    expect(planTimeLabel({ start_time: '09:30', duration_minutes: 90 })).toBe('09:30 · 1 h 30 min');
  });
});
