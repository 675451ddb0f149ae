import { useCallback, useMemo, useState, type PointerEvent as ReactPointerEvent } from 'react';
import {
  DndContext,
  DragOverlay,
  KeyboardSensor,
  PointerSensor,
  TouchSensor,
  pointerWithin,
  rectIntersection,
  useSensor,
  useSensors,
  type Announcements,
  type CollisionDetection,
  type DragEndEvent,
} from '@dnd-kit/core';
import { format, parseISO } from 'date-fns';
import { CalendarCheck } from 'lucide-react';
import type { DailyPlan, TripView } from '@wayfare/contract';
import { PendingWrites } from '../../shared/offline/PendingWrites';
import { useQueuedWrites, useWhenSent } from '../../shared/offline/useOutbox';
import { Notice } from '../../shared/ui/Notice';
import { useSession } from '../auth/SessionContext';
import { WEATHER_UNAVAILABLE, type TripWeatherState } from '../weather/useTripWeather';
import { WeatherSourceNote } from '../weather/WeatherSourceNote';
import { AddPlanForm } from './AddPlanForm';
import { DaySection } from './DaySection';
import { createKeyboardDayJump } from './keyboardDayJump';
import { PlanBubbleBody } from './PlanBubble';
import { daySections, movePlan, planningDates } from './planDays';
import { deletePlan, updatePlan } from './plansApi';
import styles from './DailyPlansBoard.module.css';

/** Mouse and pen drag at once; touch is left to the TouchSensor's long press, so a swipe still scrolls the page. */
class MouseAndPenSensor extends PointerSensor {
  static override activators = [
    {
      eventName: 'onPointerDown' as const,
      handler: ({ nativeEvent }: ReactPointerEvent) =>
        nativeEvent.pointerType !== 'touch' && nativeEvent.isPrimary && nativeEvent.button === 0,
    },
  ];
}

/** The pointer decides while there is one; keyboard drags have none and fall back to overlap. */
const collision: CollisionDetection = (args) => {
  const within = pointerWithin(args);
  return within.length ? within : rectIntersection(args);
};

const dayName = (date: string) => format(parseISO(date), 'EEEE, MMMM d');
const titleOf = (data: { current?: Record<string, unknown> } | undefined) =>
  String(data?.current?.title ?? 'The plan');

const announcements: Announcements = {
  onDragStart: ({ active }) => `Picked up ${titleOf(active.data)}.`,
  onDragOver: ({ active, over }) =>
    over
      ? `${titleOf(active.data)} is over ${dayName(String(over.id))}.`
      : `${titleOf(active.data)} is over no day.`,
  onDragEnd: ({ active, over }) =>
    over
      ? `${titleOf(active.data)} was moved to ${dayName(String(over.id))}.`
      : `${titleOf(active.data)} was put back.`,
  onDragCancel: ({ active }) => `Moving ${titleOf(active.data)} was cancelled; it stays where it was.`,
};

const screenReaderInstructions = {
  draggable:
    'To move this plan to another day, press Space or Enter, use the arrow keys to choose the day, then press Space or Enter to drop it. Escape cancels.',
};

interface DailyPlansBoardProps {
  trip: TripView;
  weather: TripWeatherState;
  setPlans: (update: (plans: DailyPlan[]) => DailyPlan[]) => void;
  reloadPlans: () => Promise<void>;
}

/** The trip's days with their plans: drag between days, remove, add. Changes show at once and are then saved. */
export function DailyPlansBoard({ trip, weather, setPlans, reloadPlans }: DailyPlansBoardProps) {
  const [dragged, setDragged] = useState<DailyPlan | null>(null);
  const [dayJump] = useState(createKeyboardDayJump);
  const sections = useMemo(() => daySections(trip, trip.daily_plans), [trip]);
  const dates = useMemo(() => planningDates(trip), [trip]);
  const { user } = useSession();
  const pendingPlans = useQueuedWrites(user?.userId, trip.id, 'plan');
  // A plan made offline has reached the server: read the plans again to show it in its day.
  useWhenSent(
    pendingPlans,
    useCallback(() => void reloadPlans(), [reloadPlans]),
  );
  const sensors = useSensors(
    useSensor(MouseAndPenSensor, { activationConstraint: { distance: 6 } }),
    useSensor(TouchSensor, { activationConstraint: { delay: 200, tolerance: 8 } }),
    useSensor(KeyboardSensor, { coordinateGetter: dayJump.getter }),
  );

  const save = (change: Promise<unknown>) => {
    change.catch(() => void reloadPlans());
  };

  const onDragEnd = ({ active, over }: DragEndEvent) => {
    setDragged(null);
    const plan = trip.daily_plans.find((p) => p.id === active.id);
    const date = over ? String(over.id) : null;
    if (!plan || !date || date === plan.plan_date) return;
    setPlans((plans) => movePlan(plans, plan.id, date, trip.start_date));
    const { category, title, description } = plan;
    save(updatePlan(trip.id, plan.id, { plan_date: date, category, title, description }));
  };

  const remove = (plan: DailyPlan) => {
    setPlans((plans) => plans.filter((p) => p.id !== plan.id));
    save(deletePlan(trip.id, plan.id));
  };

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
        <DndContext
          sensors={sensors}
          collisionDetection={collision}
          accessibility={{ announcements, screenReaderInstructions }}
          onDragStart={({ active }) => {
            const plan = trip.daily_plans.find((p) => p.id === active.id) ?? null;
            setDragged(plan);
            if (plan) dayJump.start(plan.plan_date);
          }}
          onDragCancel={() => setDragged(null)}
          onDragEnd={onDragEnd}
        >
          <div className={styles.days}>
            {sections.map((day) => (
              <DaySection
                key={day.date}
                day={day}
                weather={weather.status === 'ready' ? weather.byDate.get(day.date) : undefined}
                weatherLoading={weather.status === 'loading'}
                onRemove={remove}
              />
            ))}
          </div>
          <DragOverlay>
            {dragged && (
              <div className={`${styles.bubble} ${styles.overlay}`}>
                <span className={styles.handle}>
                  <PlanBubbleBody plan={dragged} />
                </span>
              </div>
            )}
          </DragOverlay>
        </DndContext>
      )}
    </section>
  );
}
