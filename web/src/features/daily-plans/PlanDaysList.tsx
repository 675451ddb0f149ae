import { useLayoutEffect, useRef, type ComponentType } from 'react';
import type { DailyPlan } from '@wayfare/contract';
import type { TripWeatherState } from '@/features/weather';
import { DaySection } from './DaySection';
import type { DaySection as Day } from './planDays';
import type { PlanChangeFailure } from './usePlanChanges';
import styles from './DailyPlansBoard.module.css';

export interface PlanDaysProps {
  sections: Day[];
  weather: TripWeatherState;
  onRemove: (plan: DailyPlan) => void;
  /** The last move or removal the server refused, shown on its day. */
  failure: PlanChangeFailure | null;
  /** Keeps focus on the same control when the days are redrawn with drag and drop. */
  focusHandoff: FocusHandoff;
}

/** The focused control among the days, as a selector for the same control once the days are drawn anew. */
function focusedControl(days: HTMLElement): string | null {
  const active = document.activeElement;
  if (!(active instanceof HTMLElement) || !days.contains(active)) return null;
  const plan = active.closest('[data-plan-id]')?.getAttribute('data-plan-id');
  if (plan) {
    const control = active.hasAttribute('data-remove-plan') ? '[data-remove-plan]' : 'button:first-child';
    return `[data-plan-id="${CSS.escape(plan)}"] ${control}`;
  }
  return active.id ? `#${CSS.escape(active.id)}` : null;
}

/** Remembers the focused control when one drawing of the days goes, and focuses it in the next. */
export function createFocusHandoff() {
  let selector: string | null = null;
  return {
    leave(days: HTMLElement) {
      selector = focusedControl(days);
    },
    arrive(days: HTMLElement) {
      if (selector) days.querySelector<HTMLElement>(selector)?.focus();
      selector = null;
    },
  };
}
type FocusHandoff = ReturnType<typeof createFocusHandoff>;

/**
 * The trip's days, each drawn by `Day`: the plain DaySection until drag and drop has loaded. When the plain days
 * give way to the draggable ones, focus stays on the same control (a keyboard user may already be there).
 */
export function PlanDaysList({
  sections,
  weather,
  onRemove,
  failure,
  focusHandoff,
  Day = DaySection,
}: PlanDaysProps & { Day?: ComponentType<Parameters<typeof DaySection>[0]> }) {
  const list = useRef<HTMLDivElement>(null);
  useLayoutEffect(() => {
    const days = list.current;
    if (!days) return;
    focusHandoff.arrive(days);
    return () => focusHandoff.leave(days);
  }, [focusHandoff]);
  return (
    <div ref={list} className={styles.days}>
      {sections.map((day) => (
        <Day
          key={day.date}
          day={day}
          weather={weather.status === 'ready' ? weather.byDate.get(day.date) : undefined}
          weatherLoading={weather.status === 'loading'}
          onRemove={onRemove}
          failure={failure?.date === day.date ? failure : undefined}
        />
      ))}
    </div>
  );
}
