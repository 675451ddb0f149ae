import { useLayoutEffect, useRef } from 'react';
import { DateRange, type DateRangeProps } from 'react-date-range';
import 'react-date-range/dist/styles.css';
import 'react-date-range/dist/theme/default.css';
import styles from './DateRangeCalendar.module.css';

/** Names for react-date-range's unlabeled navigation controls, by the library's own class names. */
const CONTROL_NAMES: Array<[selector: string, name: string]> = [
  ['.rdrPprevButton', 'Previous month'],
  ['.rdrNextButton', 'Next month'],
  ['.rdrMonthPicker select', 'Month'],
  ['.rdrYearPicker select', 'Year'],
];

/**
 * react-date-range's DateRange (loaded lazily through DateRangeCalendar), made accessible: its month and year pickers and arrows get names (the library
 * renders them bare), and its greys are darkened to meet WCAG AA contrast. The library's own props pass through.
 */
export default function DateRangePicker(props: DateRangeProps) {
  const root = useRef<HTMLDivElement>(null);
  // After every render: the library re-renders its navigator when the month changes.
  useLayoutEffect(() => {
    for (const [selector, name] of CONTROL_NAMES) {
      root.current?.querySelectorAll(selector).forEach((control) => control.setAttribute('aria-label', name));
    }
  });
  return (
    <div ref={root} className={styles.calendar}>
      {/* Always six weeks, so the calendar is one height whatever the month (and its placeholder that height). */}
      <DateRange showDateDisplay={false} weekStartsOn={1} rangeColors={['#0f6b74']} fixedHeight {...props} />
    </div>
  );
}
