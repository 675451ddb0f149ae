import { format, parseISO } from 'date-fns';

/**
 * "Mar 5 – Mar 9, 2027": the one format for date ranges across the app (trip cards, the trip page, the question
 * flow's dates answer); the year shows twice only when it changes. Dates are yyyy-MM-dd.
 */
export function formatDateRange(start: string | null, end: string | null): string {
  if (!start && !end) return 'Dates not set';
  if (!start || !end) return format(parseISO((start ?? end) as string), 'MMM d, yyyy');
  const from = parseISO(start);
  const to = parseISO(end);
  const sameYear = from.getFullYear() === to.getFullYear();
  return `${format(from, sameYear ? 'MMM d' : 'MMM d, yyyy')} – ${format(to, 'MMM d, yyyy')}`;
}
