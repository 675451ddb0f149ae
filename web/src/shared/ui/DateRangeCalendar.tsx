import { lazy, Suspense } from 'react';
import type { DateRangeProps } from 'react-date-range';
import styles from './DateRangeCalendar.module.css';

// The calendar library is loaded with the first calendar shown, not with the pages that may show one.
const DateRangePicker = lazy(() => import('./DateRangePicker'));

/**
 * An accessible date range calendar (DateRangePicker). Until its code has arrived, an empty box of the calendar's
 * size holds its place, so nothing below it moves.
 */
export function DateRangeCalendar(props: DateRangeProps) {
  return (
    <Suspense
      fallback={
        // rdrCalendarWrapper: the page's sizing rules for the calendar apply to its placeholder as well.
        <div
          className={`${styles.placeholder} rdrCalendarWrapper`}
          role="status"
          aria-label="Loading the calendar"
        />
      }
    >
      <DateRangePicker {...props} />
    </Suspense>
  );
}
