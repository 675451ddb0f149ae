import ical from 'ical-generator';
import { addDays, plansByDay } from '@wayfare/contract';
import type { PlanRecord, TripListFields } from '../store/types';

/** How often subscribed calendar apps are asked to fetch the feed again. */
const REFRESH_SECONDS = 60 * 60;

/**
 * The calendar's own name and description on one line: ical-generator escapes event text but writes these as they
 * are, and a line break there would start a new (broken) property. Stored names are single-line already.
 */
const oneLine = (text: string) => text.replace(/[\r\n]+/g, ' ');

/** "2027-04-10" and "09:30" as the instant whose UTC reading is that wall-clock time (written floating, no Z). */
const wallClock = (date: string, time: string) => new Date(`${date}T${time}:00Z`);

/**
 * The trip's plans as an iCalendar document (RFC 5545). An untimed plan is an all-day event on its date; a timed
 * one starts at its start time and lasts its duration (no duration: a moment). Times are floating — no time zone,
 * so 09:30 is 09:30 wherever the phone is, which is what a plan made in the trip's local time means. Each event's
 * UID is its plan's id, so a subscribed calendar updates a moved plan instead of adding a second one.
 */
export function tripCalendar(trip: TripListFields, plans: PlanRecord[]): string {
  const calendar = ical({
    name: oneLine(trip.trip_name),
    description: oneLine(
      `Plans for ${trip.trip_name}${trip.city_name ? ` in ${trip.city_name}` : ''}, from Wayfare`,
    ),
    prodId: { company: 'Wayfare', product: 'Trip plans', language: 'EN' },
    ttl: REFRESH_SECONDS,
  });
  for (const day of plansByDay(plans)) {
    for (const plan of day.plans) {
      const timing =
        plan.start_time === null
          ? {
              start: wallClock(plan.plan_date, '00:00'),
              end: wallClock(addDays(plan.plan_date, 1), '00:00'),
              allDay: true,
            }
          : {
              start: wallClock(plan.plan_date, plan.start_time),
              end: new Date(
                wallClock(plan.plan_date, plan.start_time).getTime() + (plan.duration_minutes ?? 0) * 60_000,
              ),
              floating: true,
            };
      calendar.createEvent({
        id: `${plan.id}@wayfare`,
        ...timing,
        stamp: new Date(plan.created_at),
        summary: plan.title,
        description: plan.description ? `${plan.category}: ${plan.description}` : plan.category,
        location: trip.city_name || null,
        categories: [{ name: plan.category }],
      });
    }
  }
  // ical-generator (10.x) joins its lines with CRLF but leaves the last one, END:VCALENDAR, bare; RFC 5545 §3.1 ends
  // every content line, the last one too, with CRLF.
  return calendar.toString().replace(/(\r\n)?$/, '\r\n');
}
