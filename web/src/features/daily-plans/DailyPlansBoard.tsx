import { lazy, Suspense, useMemo, useState } from 'react';
import { CalendarCheck } from 'lucide-react';
import { dailyPlanSchema, type DailyPlan, type TripView } from '@wayfare/contract';
import { PendingWrites } from '@/shared/offline/PendingWrites';
import { useQueuedWrites, useWhenSent } from '@/shared/offline/useOutbox';
import { Notice } from '@/shared/ui/Notice';
import { useSession } from '@/features/auth';
import { WEATHER_UNAVAILABLE, type TripWeatherState, WeatherSourceNote } from '@/features/weather';
import { AddPlanForm } from './AddPlanForm';
import { createFocusHandoff, PlanDaysList } from './PlanDaysList';
import { daySections, planningDates } from './planDays';
import { usePlanChanges } from './usePlanChanges';
import styles from './DailyPlansBoard.module.css';

// Drag and drop (@dnd-kit) is not part of the page's first render: it arrives as its own chunk.
const DraggableDays = lazy(() => import('./DraggableDays'));

interface DailyPlansBoardProps {
  trip: TripView;
  weather: TripWeatherState;
  /** Changes the plans of the cached trip (the trip query's data). */
  setPlans: (update: (plans: DailyPlan[]) => DailyPlan[]) => void;
  /** Reads the trip's plans again from the server. */
  reloadPlans: () => Promise<void>;
}

/**
 * The trip's days with their plans: drag between days, remove, add. Changes show at once and are then saved; a
 * change the server refuses is undone (usePlanChanges).
 */
export function DailyPlansBoard({ trip, weather, setPlans, reloadPlans }: DailyPlansBoardProps) {
  const sections = useMemo(() => daySections(trip, trip.daily_plans), [trip]);
  const dates = useMemo(() => planningDates(trip), [trip]);
  const { user } = useSession();
  const pendingPlans = useQueuedWrites(user?.userId, trip.id, 'plan');
  const addPlan = (plan: DailyPlan) => setPlans((plans) => [...plans, plan]);
  // A plan made offline has reached the server: shown in its day from the answer, as a sent one is (the outbox's
  // answers come unchecked: one that is not a plan has the plans read again).
  useWhenSent(user?.userId, trip.id, 'plan', (answer) => {
    const sent = dailyPlanSchema.safeParse(answer);
    if (sent.success) addPlan(sent.data);
    else void reloadPlans();
  });

  const { move, remove, failure } = usePlanChanges(trip, setPlans);

  const [focusHandoff] = useState(createFocusHandoff);
  const days = { sections, weather, onRemove: remove, failure, focusHandoff };
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

      <AddPlanForm tripId={trip.id} dates={dates} onAdded={addPlan} />
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
