import type {
  Collision,
  CollisionDetection,
  KeyboardCoordinateGetter,
  UniqueIdentifier,
} from '@dnd-kit/core';

const FORWARD = new Set(['ArrowDown', 'ArrowRight']);
const BACKWARD = new Set(['ArrowUp', 'ArrowLeft']);
/** Lands a little inside the target day, so the plan's rect clearly overlaps it. */
const INSET = 8;

/**
 * Keyboard dragging of plans: each arrow press jumps to the next or previous day instead of nudging the plan a
 * few pixels, so moving a plan three days down is three presses. During a keyboard drag the day the keys reached is
 * the drop target (`collision`, `dropDay`), not what dnd-kit measures under the moved plan: that is a render or two
 * behind the keys, and when the day is off screen dnd-kit scrolls the page (smoothly) instead of moving the plan,
 * so quick presses on a busy device repeated a step, stopped short, or dropped on the day before the last press.
 * `onJump` is told each day reached, so the board redraws and dnd-kit asks `collision` again.
 * Call `start(day)` when a drag begins: the plan's day for a keyboard drag, null for any other.
 */
export function createKeyboardDayJump(onJump: (day: UniqueIdentifier) => void) {
  let current: UniqueIdentifier | null = null;

  const getter: KeyboardCoordinateGetter = (event, { context }) => {
    const forward = FORWARD.has(event.code);
    if (!forward && !BACKWARD.has(event.code)) return undefined;
    event.preventDefault();
    const days = context.droppableContainers
      .getEnabled()
      .flatMap((container) => {
        const rect = context.droppableRects.get(container.id);
        return rect ? [{ id: container.id, rect }] : [];
      })
      .sort((a, b) => a.rect.top - b.rect.top || a.rect.left - b.rect.left);
    const target = days[days.findIndex((day) => day.id === current) + (forward ? 1 : -1)];
    if (!target) return undefined;
    current = target.id;
    onJump(current);
    return { x: target.rect.left + INSET, y: target.rect.top + INSET };
  };

  return {
    getter,
    start(day: UniqueIdentifier | null) {
      current = day;
    },
    /** The keys' day during a keyboard drag; null otherwise, so the pointer decides. */
    collision({ droppableContainers }: Parameters<CollisionDetection>[0]): Collision[] | null {
      if (current === null) return null;
      return droppableContainers
        .filter((day) => day.id === current)
        .map((day) => ({ id: day.id, data: { droppableContainer: day, value: 1 } }));
    },
    /** Where a drag ends: the keys' day during a keyboard drag, otherwise the day under the pointer. */
    dropDay(over: { id: UniqueIdentifier } | null): UniqueIdentifier | null {
      return current ?? over?.id ?? null;
    },
  };
}
