import fc from 'fast-check';
import ICAL from 'ical.js';
import { describe, expect, it } from 'vitest';
import { addDays, MAX_PLAN_MINUTES } from '@wayfare/contract';
import { newTrip } from '../../test-support/store-adapters';
import type { PlanRecord, TripRecord } from '../store/types';
import { tripCalendar } from './ics';
import { expectCrlfLines } from '../../test-support/calendar-lines';

const trip: TripRecord = {
  ...newTrip({ trip_name: 'Lisbon; "tiles", trams\\ and\nmore' }),
  id: 'trip-1',
  owner_id: 'owner-1',
  expense_count: 0,
  total_expenses_minor: 0,
  ledger_version: 0,
  created_at: '2027-01-01T00:00:00.000Z',
  updated_at: '2027-01-01T00:00:00.000Z',
};

const two = (n: number) => String(n).padStart(2, '0');
const planArb = fc.record({
  day: fc.integer({ min: 0, max: 30 }),
  title: fc.string({ minLength: 1, maxLength: 80, unit: 'grapheme' }),
  // Descriptions are multi-line: line breaks and iCalendar's own separators must come back as typed.
  description: fc.oneof(
    fc.string({ maxLength: 200, unit: 'grapheme' }),
    fc.constantFrom('Line one\nline two', 'Bring: towel, sunscreen; cash\\coins', 'Ends with a comma,'),
  ),
  time: fc.option(
    fc.record({
      hour: fc.integer({ min: 0, max: 23 }),
      minute: fc.integer({ min: 0, max: 59 }),
      duration: fc.option(fc.integer({ min: 1, max: MAX_PLAN_MINUTES })),
    }),
  ),
});

describe('trip calendar (.ics), read back by ical.js', () => {
  it('keeps every plan as one event: its text exactly, all-day when untimed, else floating start and end', () => {
    fc.assert(
      fc.property(fc.array(planArb, { maxLength: 8 }), (drafts) => {
        const plans: PlanRecord[] = drafts.map((draft, i) => ({
          id: `plan-${i}`,
          trip_id: trip.id,
          plan_date: addDays('2027-04-10', draft.day),
          category: 'Activity',
          title: draft.title,
          description: draft.description,
          order: i,
          start_time: draft.time ? `${two(draft.time.hour)}:${two(draft.time.minute)}` : null,
          duration_minutes: draft.time?.duration ?? null,
          created_at: '2027-01-02T03:04:05.000Z',
        }));
        const text = tripCalendar(trip, plans);
        expectCrlfLines(text);
        const calendar = new ICAL.Component(ICAL.parse(text));
        expect(calendar.getFirstPropertyValue('x-wr-calname')).toBe(trip.trip_name.replace('\n', ' '));
        const events = new Map(
          calendar.getAllSubcomponents('vevent').map((component) => {
            const event = new ICAL.Event(component);
            return [event.uid, event] as const;
          }),
        );
        expect(events.size).toBe(plans.length);
        for (const plan of plans) {
          const event = events.get(`${plan.id}@wayfare`)!;
          expect(event.summary).toBe(plan.title);
          expect(event.description).toBe(plan.description ? `Activity: ${plan.description}` : 'Activity');
          expect(event.startDate.isDate).toBe(plan.start_time === null);
          // Floating: no zone, so the wall-clock time reads the same on any phone.
          expect(event.startDate.zone?.tzid ?? 'floating').toBe('floating');
          const start = event.startDate.toString();
          if (plan.start_time === null) {
            expect(start).toBe(plan.plan_date);
            expect(event.endDate.toString()).toBe(addDays(plan.plan_date, 1));
          } else {
            expect(start).toBe(`${plan.plan_date}T${plan.start_time}:00`);
            expect(event.duration.toSeconds()).toBe((plan.duration_minutes ?? 0) * 60);
          }
        }
      }),
      { numRuns: 60 },
    );
  });
});
