import { format, parseISO } from 'date-fns';
import { addDays, daysBetween, MAX_TRIP_DAYS, PLAN_CATEGORIES, type DailyPlan } from '@wayfare/contract';
import { ordinal } from '../trips/format';

export interface DaySection {
  /** yyyy-MM-dd */
  date: string;
  /** 1-based day of the trip; 0 or less for a plan dated before the trip starts. */
  dayNumber: number;
  plans: DailyPlan[];
}

interface TripDates {
  start_date: string | null;
  end_date: string | null;
}

/**
 * The dates plans are made for: the start up to the day before the end (spec §9: the last day is excluded), and
 * never more than a trip may have, however the dates got into the data (a page must not draw millions of days).
 */
export function planningDates({ start_date, end_date }: TripDates): string[] {
  if (!start_date) return [];
  const days = end_date ? Math.min(MAX_TRIP_DAYS, Math.max(1, daysBetween(start_date, end_date))) : 1;
  return Array.from({ length: days }, (_, i) => addDays(start_date, i));
}

const byOrder = (a: DailyPlan, b: DailyPlan) => a.order - b.order || a.created_at.localeCompare(b.created_at);

/**
 * One section per planning date, plus any other date that holds plans (after the trip's dates were edited), so no
 * plan is ever hidden; plans without a date are discarded (spec §3).
 */
export function daySections(trip: TripDates, plans: DailyPlan[]): DaySection[] {
  const dated = plans.filter((plan) => plan.plan_date);
  const dates = [...new Set([...planningDates(trip), ...dated.map((plan) => plan.plan_date)])].sort();
  return dates.map((date) => ({
    date,
    dayNumber: trip.start_date ? daysBetween(trip.start_date, date) + 1 : 1,
    plans: dated.filter((plan) => plan.plan_date === date).sort(byOrder),
  }));
}

/** The plan list after moving one plan to another date (applied at once, before the server answers). */
export function movePlan(
  plans: DailyPlan[],
  planId: string,
  date: string,
  startDate: string | null,
): DailyPlan[] {
  return plans.map((plan) =>
    plan.id === planId
      ? {
          ...plan,
          plan_date: date,
          day_number: startDate ? daysBetween(startDate, date) + 1 : plan.day_number,
        }
      : plan,
  );
}

/** "1st day, March 5": the day select's option labels. */
export const dayOptionLabel = (date: string, index: number) =>
  `${ordinal(index + 1)} day, ${format(parseISO(date), 'MMMM d')}`;

/** "Day 3", or for a stray earlier date "Before the trip". */
export const dayHeading = (dayNumber: number) => (dayNumber >= 1 ? `Day ${dayNumber}` : 'Before the trip');

/** Known categories get their own icon; any other stored value shows the generic one. */
export const isKnownCategory = (category: string): category is (typeof PLAN_CATEGORIES)[number] =>
  (PLAN_CATEGORIES as readonly string[]).includes(category);

export interface PlanDraft {
  plan_date: string;
  category: string;
  title: string;
  description: string;
}

/** Add Plan is enabled once a day, a category and a non-blank title are chosen (spec §5). */
export const canSubmitPlan = (draft: PlanDraft) =>
  draft.plan_date !== '' && draft.category !== '' && draft.title.trim() !== '';
