import { format, parseISO } from 'date-fns';

/** "Mar 5 – Mar 9, 2027" (one format for ranges across the app); the year shows twice only when it changes. */
export function formatDateRange(start: string | null, end: string | null): string {
  if (!start && !end) return 'Dates not set';
  if (!start || !end) return format(parseISO((start ?? end) as string), 'MMM d, yyyy');
  const from = parseISO(start);
  const to = parseISO(end);
  const sameYear = from.getFullYear() === to.getFullYear();
  return `${format(from, sameYear ? 'MMM d' : 'MMM d, yyyy')} – ${format(to, 'MMM d, yyyy')}`;
}

/** "1 Person", "4 People" (spec: singular label for 1). */
export const peopleLabel = (count: number) => `${count} ${count === 1 ? 'Person' : 'People'}`;

const ORDINAL_SUFFIX: Record<string, string> = { one: 'st', two: 'nd', few: 'rd', other: 'th' };
const ordinalRules = new Intl.PluralRules('en-US', { type: 'ordinal' });

/** 1 → "1st", 22 → "22nd", 13 → "13th". */
export const ordinal = (n: number) => `${n}${ORDINAL_SUFFIX[ordinalRules.select(n)]}`;
