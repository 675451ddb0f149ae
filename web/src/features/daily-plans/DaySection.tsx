import { useRef, type ComponentType } from 'react';
import { format, parseISO } from 'date-fns';
import type { DailyPlan, WeatherDay } from '@wayfare/contract';
import { cx } from '@/shared/cx';
import { Notice } from '@/shared/ui/Notice';
import { WeatherBadge } from '@/features/weather';
import { dayHeading, type DaySection as Day } from './planDays';
import { PlanBubble, type PlanBubbleProps } from './PlanBubble';
import type { PlanChangeFailure } from './usePlanChanges';
import styles from './DailyPlansBoard.module.css';

interface DaySectionProps {
  day: Day;
  weather: WeatherDay | undefined;
  weatherLoading: boolean;
  onRemove: (plan: DailyPlan) => void;
  /** A change to one of this day's plans that the server refused. */
  failure?: PlanChangeFailure | undefined;
  /** dnd-kit's drop target binding; absent until the drag-and-drop code has loaded. */
  drop?: { setNodeRef: (node: HTMLElement | null) => void; isOver: boolean };
  /** How each plan is drawn: draggable once drag and drop has loaded. */
  Plan?: ComponentType<PlanBubbleProps>;
}

/** One date of the trip: a drop target for plans from the other days. */
export function DaySection({
  day,
  weather,
  weatherLoading,
  onRemove,
  failure,
  drop,
  Plan = PlanBubble,
}: DaySectionProps) {
  const headingId = `day-${day.date}`;
  const sectionRef = useRef<HTMLElement | null>(null);
  const headingRef = useRef<HTMLHeadingElement>(null);

  // Focus moves to the neighbouring plan's ×, or to the day, instead of falling to the page body.
  const removeAt = (index: number) => {
    const buttons = sectionRef.current?.querySelectorAll<HTMLElement>('[data-remove-plan]');
    const neighbour = buttons?.[index + 1] ?? buttons?.[index - 1];
    onRemove(day.plans[index] as DailyPlan);
    (neighbour ?? headingRef.current)?.focus();
  };
  return (
    <section
      ref={(node) => {
        drop?.setNodeRef(node);
        sectionRef.current = node;
      }}
      className={cx(styles.day, drop?.isOver && styles.over)}
      aria-labelledby={headingId}
      data-date={day.date}
    >
      <header className={styles.dayHeader}>
        <h3 id={headingId} ref={headingRef} tabIndex={-1} className={styles.dayTitle}>
          {dayHeading(day.dayNumber)}
          <span className={styles.dayDate}>{format(parseISO(day.date), 'EEE, MMM d')}</span>
        </h3>
        <WeatherBadge day={weather} loading={weatherLoading} />
      </header>
      {failure && (
        <Notice tone="error" detail={failure.detail}>
          {failure.message}
        </Notice>
      )}
      {day.plans.length > 0 ? (
        <ul className={styles.plans} role="list">
          {day.plans.map((plan, index) => (
            <Plan key={plan.id} plan={plan} onRemove={() => removeAt(index)} />
          ))}
        </ul>
      ) : (
        <p className={styles.emptyDay}>Drop plans here or add new ones</p>
      )}
    </section>
  );
}
