import { lazy, Suspense, useCallback, useMemo, useState } from 'react';
import { CalendarCheck } from 'lucide-react';
import type { DailyPlan, TripView } from '@wayfare/contract';
import { PendingWrites } from '../../shared/offline/PendingWrites';
import { useQueuedWrites, useWhenSent } from '../../shared/offline/useOutbox';
import { Notice } from '../../shared/ui/Notice';
import { useSession } from '../auth';
import { WEATHER_UNAVAILABLE, type TripWeatherState, WeatherSourceNote } from '../weather';
import { AddPlanForm } from './AddPlanForm';
import { createFocusHandoff, PlanDaysList } from './PlanDaysList';
import { daySections, movePlan, planningDates } from './planDays';
import { deletePlan, updatePlan } from './plansApi';
import styles from './DailyPlansBoard.module.css';

// Drag and drop (@dnd-kit) is not part of the page's first render: it arrives as its own chunk.
const DraggableDays = lazy(() => import('./DraggableDays'));

interface DailyPlansBoardProps {
  trip: TripView;
  weather: TripWeatherState;
  setPlans: (update: (plans: DailyPlan[]) => DailyPlan[]) => void;
  reloadPlans: () => Promise<void>;
}

/** The trip's days with their plans: drag between days, remove, add. Changes show at once and are then saved. */
export function DailyPlansBoard({ trip, weather, setPlans, reloadPlans }: DailyPlansBoardProps) {
  const sections = useMemo(() => daySections(trip, trip.daily_plans), [trip]);
  const dates = useMemo(() => planningDates(trip), [trip]);
  const { user } = useSession();
  const pendingPlans = useQueuedWrites(user?.userId, trip.id, 'plan');
  // A plan made offline has reached the server: read the plans again to show it in its day.
  useWhenSent(
    pendingPlans,
    useCallback(() => void reloadPlans(), [reloadPlans]),
  );

  const save = (change: Promise<unknown>) => {
    change.catch(() => void reloadPlans());
  };

  const move = (plan: DailyPlan, date: string) => {
    setPlans((plans) => movePlan(plans, plan.id, date, trip.start_date));
    const { category, title, description } = plan;
    save(updatePlan(trip.id, plan.id, { plan_date: date, category, title, description }));
  };

  const remove = (plan: DailyPlan) => {
    setPlans((plans) => plans.filter((p) => p.id !== plan.id));
    save(deletePlan(trip.id, plan.id));
  };

  const [focusHandoff] = useState(createFocusHandoff);
  const days = { sections, weather, onRemove: remove, focusHandoff };
  return (
    <section className={styles.board} aria-labelledby="daily-plans-title">
      <div className={styles.boardHeader}>
        <h2 id="daily-plans-title" className={styles.boardTitle}>
          <CalendarCheck size={22} aria-hidden="true" />
          Daily Plans
        </h2>
        <p className={styles.hint}>Drag plans between days or click × to remove</p>
      </div>
      {weather.status === 'unavailable' && <Notice tone="info">{WEATHER_UNAVAILABLE}</Notice>}
      {weather.status === 'ready' && (
        <WeatherSourceNote
          source={weather.source}
          estimated={weather.estimated}
          className={styles.estimateNote}
        />
      )}

      <AddPlanForm tripId={trip.id} dates={dates} onAdded={(plan) => setPlans((plans) => [...plans, plan])} />
      <PendingWrites writes={pendingPlans} label="Plans waiting to be sent" />

      {sections.length === 0 ? (
        <p className={styles.emptyDay}>Set the trip&rsquo;s dates to plan its days.</p>
      ) : (
        // Until drag and drop arrives, the same days are drawn without it: same size, nothing shifts.
        <Suspense fallback={<PlanDaysList {...days} />}>
          <DraggableDays {...days} plans={trip.daily_plans} onMove={move} />
        </Suspense>
      )}
    </section>
  );
}
