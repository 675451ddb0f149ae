import type { useDraggable } from '@dnd-kit/core';
import { Clock, GripVertical, X } from 'lucide-react';
import type { DailyPlan } from '@wayfare/contract';
import { cx } from '@/shared/cx';
import { CategoryIcon } from './categoryIcons';
import { planTimeLabel } from './planDays';
import styles from './DailyPlansBoard.module.css';

/** What the bubble shows; also drawn in the drag overlay and, without the grip, on a shared (read-only) trip. */
export function PlanBubbleBody({ plan, movable = true }: { plan: DailyPlan; movable?: boolean }) {
  const time = planTimeLabel(plan);
  return (
    <>
      {movable && <GripVertical className={styles.grip} size={16} aria-hidden="true" />}
      <span className={styles.categoryIcon} title={plan.category}>
        <CategoryIcon category={plan.category} />
      </span>
      <span className={styles.planText}>
        <span className={styles.planTitle}>{plan.title}</span>
        {time && (
          <span className={styles.planTime}>
            {/* The space keeps the accessible name readable: "Dinner 19:30 · 2 h". */}{' '}
            <Clock size={12} aria-hidden="true" />
            {time}
          </span>
        )}
        {plan.description && <span className={styles.planDescription}> {plan.description}</span>}
      </span>
    </>
  );
}

/** What dnd-kit's useDraggable gives a plan; absent until the drag-and-drop code has loaded. */
export type PlanDrag = Pick<
  ReturnType<typeof useDraggable>,
  'attributes' | 'listeners' | 'setNodeRef' | 'setActivatorNodeRef' | 'isDragging'
>;

export interface PlanBubbleProps {
  plan: DailyPlan;
  onRemove: () => void;
  drag?: PlanDrag;
}

/**
 * A plan: its handle starts a drag with the mouse, a long press on touch screens, or Space/Enter from the keyboard;
 * the × beside it (not inside it) removes the plan. Drawn the same before drag and drop has loaded (`drag` absent).
 */
export function PlanBubble({ plan, onRemove, drag }: PlanBubbleProps) {
  return (
    <li
      ref={drag?.setNodeRef}
      className={cx(styles.bubble, drag?.isDragging && styles.dragging)}
      data-plan-id={plan.id}
    >
      <button
        ref={drag?.setActivatorNodeRef}
        type="button"
        className={styles.handle}
        {...drag?.attributes}
        {...drag?.listeners}
      >
        <PlanBubbleBody plan={plan} />
        {/* The name is the visible text plus this, so speech-input users can say what they see. */}
        <span className="visually-hidden"> ({plan.category}). Move to another day</span>
      </button>
      <button
        type="button"
        className={styles.remove}
        data-remove-plan
        onClick={onRemove}
        aria-label={`Remove ${plan.title}`}
        title="Remove this plan"
      >
        <X size={16} aria-hidden="true" />
      </button>
    </li>
  );
}
