import { useState } from 'react';
import type { RangeKeyDict } from 'react-date-range';
import { format, startOfDay } from 'date-fns';
import { toIsoDate, type FlexibleDurationLabel, type QuestionAnswers } from '@wayfare/contract';
import { Button } from '@/shared/ui/Button';
import { cx } from '@/shared/cx';
import { formatDateRange } from '@/shared/dates';
import { FLEXIBLE_LABELS, flexibleAnswer } from './flow';
import styles from './QuestionFlowModal.module.css';
import { DateRangeCalendar } from '@/shared/ui/DateRangeCalendar';

type Selection = { stage: 'none' } | { stage: 'start' | 'complete'; start: Date; end: Date };

interface DatesStepProps {
  answers: QuestionAnswers;
  onSubmit: (patch: Partial<QuestionAnswers>) => void;
}

/**
 * Step 2: a calendar range (no day before today) or a flexible duration. The calendar's first click sets the
 * start, the second the end; until both are set the confirm button is disabled and says so.
 */
export function DatesStep({ answers, onSubmit }: DatesStepProps) {
  const today = startOfDay(new Date());
  const [selection, setSelection] = useState<Selection>(() =>
    answers.startDate && answers.endDate && !FLEXIBLE_LABELS.includes(answers.dates as FlexibleDurationLabel)
      ? {
          stage: 'complete',
          start: new Date(`${answers.startDate}T00:00`),
          end: new Date(`${answers.endDate}T00:00`),
        }
      : { stage: 'none' },
  );

  const onChange = ({ selection: range }: RangeKeyDict) => {
    if (!range?.startDate || !range.endDate) return;
    const { startDate: start, endDate: end } = range;
    setSelection((current) => ({ stage: current.stage === 'start' ? 'complete' : 'start', start, end }));
  };

  const complete = selection.stage === 'complete';
  const confirm = () => {
    if (selection.stage !== 'complete') return;
    onSubmit({
      dates: formatDateRange(toIsoDate(selection.start), toIsoDate(selection.end)),
      startDate: toIsoDate(selection.start),
      endDate: toIsoDate(selection.end),
    });
  };

  return (
    <div className={styles.stepBody}>
      <p className={styles.question}>When are you travelling?</p>
      <div className={cx(styles.calendar, selection.stage === 'none' && styles.unpicked)}>
        <DateRangeCalendar
          ranges={[
            selection.stage === 'none'
              ? // Nothing picked yet: an invisible one-day range on today (an open range would colour every day).
                { key: 'selection', startDate: today, endDate: today, color: 'transparent' }
              : { key: 'selection', startDate: selection.start, endDate: selection.end },
          ]}
          onChange={onChange}
          minDate={today}
          months={1}
          direction="horizontal"
          moveRangeOnFirstSelection={false}
        />
      </div>
      <p className={styles.rangeReadout} aria-live="polite">
        {selection.stage === 'none'
          ? 'Pick your first day.'
          : selection.stage === 'start'
            ? `From ${format(selection.start, 'MMM d')}: now pick your last day.`
            : formatDateRange(toIsoDate(selection.start), toIsoDate(selection.end))}
      </p>
      <Button onClick={confirm} disabled={!complete} fullWidth>
        {complete ? 'Confirm dates' : 'Select dates to continue'}
      </Button>

      <div className={styles.divider}>
        <span>or choose a flexible duration</span>
      </div>
      <div className={cx(styles.options, styles.optionsCompact)} role="group" aria-label="Flexible duration">
        {FLEXIBLE_LABELS.map((label) => (
          <button
            key={label}
            type="button"
            className={styles.option}
            aria-pressed={answers.dates === label}
            onClick={() => onSubmit(flexibleAnswer(label, new Date()))}
          >
            <span className={styles.optionLabel}>{label}</span>
          </button>
        ))}
      </div>
    </div>
  );
}
