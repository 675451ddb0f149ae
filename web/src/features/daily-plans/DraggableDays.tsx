/**
 * The days with drag and drop (@dnd-kit), loaded after the trip page's first render: until then DailyPlansBoard
 * draws the same days without it (PlanDays), so nothing moves when this arrives.
 */
import { useEffect, useRef, useState, type PointerEvent as ReactPointerEvent } from 'react';
import {
  DndContext,
  DragOverlay,
  PointerSensor,
  TouchSensor,
  pointerWithin,
  rectIntersection,
  useSensor,
  useSensors,
  type Announcements,
  type CollisionDetection,
  type DragEndEvent,
  type Over,
  type UniqueIdentifier,
  useDraggable,
  useDroppable,
} from '@dnd-kit/core';
import { format, parseISO } from 'date-fns';
import type { DailyPlan } from '@wayfare/contract';
import { ArmedKeyboardSensor } from './armedKeyboardSensor';
import { DaySection } from './DaySection';
import { PlanDaysList, type PlanDaysProps } from './PlanDaysList';
import { createKeyboardDayJump } from './keyboardDayJump';
import { PlanBubble, PlanBubbleBody, type PlanBubbleProps } from './PlanBubble';
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

/** Mouse, pen and touch drags: the pointer decides, then overlap. */
const pointerOrOverlap: CollisionDetection = (args) => {
  const within = pointerWithin(args);
  return within.length ? within : rectIntersection(args);
};

const dayName = (date: string) => format(parseISO(date), 'EEEE, MMMM d');
const titleOf = (data: { current?: Record<string, unknown> } | undefined) =>
  String(data?.current?.title ?? 'The plan');

/** What a screen reader hears; `dayOf` names the drop target (see createKeyboardDayJump). */
const announcementsFor = (dayOf: (over: Over | null) => UniqueIdentifier | null): Announcements => {
  const named = (over: Over | null) => {
    const day = dayOf(over);
    return day === null ? null : dayName(String(day));
  };
  return {
    onDragStart: ({ active }) => `Picked up ${titleOf(active.data)}.`,
    onDragOver: ({ active, over }) => `${titleOf(active.data)} is over ${named(over) ?? 'no day'}.`,
    onDragEnd: ({ active, over }) => {
      const day = named(over);
      return day ? `${titleOf(active.data)} was moved to ${day}.` : `${titleOf(active.data)} was put back.`;
    },
    onDragCancel: ({ active }) => `Moving ${titleOf(active.data)} was cancelled; it stays where it was.`,
  };
};

const screenReaderInstructions = {
  draggable:
    'To move this plan to another day, press Space or Enter, use the arrow keys to choose the day, then press Space or Enter to drop it. Escape cancels.',
};

function DraggablePlan(props: PlanBubbleProps) {
  const drag = useDraggable({
    id: props.plan.id,
    data: { date: props.plan.plan_date, title: props.plan.title },
  });
  return <PlanBubble {...props} drag={drag} />;
}

function DroppableDay(props: Parameters<typeof DaySection>[0]) {
  const drop = useDroppable({ id: props.day.date });
  return <DaySection {...props} drop={drop} Plan={DraggablePlan} />;
}

interface DraggableDaysProps extends PlanDaysProps {
  plans: DailyPlan[];
  /** A plan dropped on another day. */
  onMove: (plan: DailyPlan, date: string) => void;
}

export default function DraggableDays({ plans, onMove, ...days }: DraggableDaysProps) {
  const [dragged, setDragged] = useState<DailyPlan | null>(null);
  // The day a keyboard drag has reached: set only to redraw, so dnd-kit asks the collision again after each key.
  const [, setKeyboardDay] = useState<UniqueIdentifier | null>(null);
  const [dayJump] = useState(() => createKeyboardDayJump(setKeyboardDay));
  const [announcements] = useState(() => announcementsFor(dayJump.dropDay));
  const collision: CollisionDetection = (args) => dayJump.collision(args) ?? pointerOrOverlap(args);
  const sensors = useSensors(
    useSensor(MouseAndPenSensor, { activationConstraint: { distance: 6 } }),
    useSensor(TouchSensor, { activationConstraint: { delay: 200, tolerance: 8 } }),
    useSensor(ArmedKeyboardSensor, { coordinateGetter: dayJump.getter }),
  );

  // A plan moved with the keyboard is drawn anew in its new day, and the focus would fall to the page's start:
  // it goes to the plan's handle there instead, once the plan is shown in that day.
  const refocus = useRef<{ id: string; date: string } | null>(null);
  useEffect(() => {
    const moved = refocus.current;
    if (!moved || plans.find((p) => p.id === moved.id)?.plan_date !== moved.date) return;
    refocus.current = null;
    document.querySelector<HTMLElement>(`[data-plan-id="${CSS.escape(moved.id)}"] button`)?.focus();
  }, [plans]);

  const onDragEnd = ({ active, over, activatorEvent }: DragEndEvent) => {
    setDragged(null);
    const plan = plans.find((p) => p.id === active.id);
    const day = dayJump.dropDay(over);
    const date = day === null ? null : String(day);
    if (!plan || !date || date === plan.plan_date) return;
    if (activatorEvent instanceof KeyboardEvent) refocus.current = { id: plan.id, date };
    onMove(plan, date);
  };

  return (
    <DndContext
      sensors={sensors}
      collisionDetection={collision}
      accessibility={{ announcements, screenReaderInstructions }}
      onDragStart={({ active, activatorEvent }) => {
        const plan = plans.find((p) => p.id === active.id) ?? null;
        setDragged(plan);
        dayJump.start(plan && activatorEvent instanceof KeyboardEvent ? plan.plan_date : null);
      }}
      onDragCancel={() => setDragged(null)}
      onDragEnd={onDragEnd}
    >
      <PlanDaysList {...days} Day={DroppableDay} />
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
  );
}
