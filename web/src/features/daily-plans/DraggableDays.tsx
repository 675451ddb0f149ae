/**
 * The days with drag and drop (@dnd-kit), loaded after the trip page's first render: until then DailyPlansBoard
 * draws the same days without it (PlanDays), so nothing moves when this arrives.
 */
import { useState, type PointerEvent as ReactPointerEvent } from 'react';
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
  useDraggable,
  useDroppable,
} from '@dnd-kit/core';
import { format, parseISO } from 'date-fns';
import type { DailyPlan } from '@wayfare/contract';
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
  const [dayJump] = useState(createKeyboardDayJump);
  const sensors = useSensors(
    useSensor(MouseAndPenSensor, { activationConstraint: { distance: 6 } }),
    useSensor(TouchSensor, { activationConstraint: { delay: 200, tolerance: 8 } }),
    useSensor(KeyboardSensor, { coordinateGetter: dayJump.getter }),
  );

  const onDragEnd = ({ active, over }: DragEndEvent) => {
    setDragged(null);
    const plan = plans.find((p) => p.id === active.id);
    const date = over ? String(over.id) : null;
    if (plan && date && date !== plan.plan_date) onMove(plan, date);
  };

  return (
    <DndContext
      sensors={sensors}
      collisionDetection={collision}
      accessibility={{ announcements, screenReaderInstructions }}
      onDragStart={({ active }) => {
        const plan = plans.find((p) => p.id === active.id) ?? null;
        setDragged(plan);
        if (plan) dayJump.start(plan.plan_date);
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
