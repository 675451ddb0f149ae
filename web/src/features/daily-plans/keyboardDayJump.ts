import type { KeyboardCoordinateGetter, UniqueIdentifier } from '@dnd-kit/core';

const FORWARD = new Set(['ArrowDown', 'ArrowRight']);
const BACKWARD = new Set(['ArrowUp', 'ArrowLeft']);
/** Lands a little inside the target day, so the plan's rect clearly overlaps it. */
const INSET = 8;

/**
 * Keyboard dragging of plans: each arrow press jumps to the next or previous day instead of nudging the plan a
 * few pixels, so moving a plan three days down is three presses. The day reached is remembered here rather than
 * read back from the drop target, which dnd-kit updates a frame later: quick presses would otherwise repeat a step.
 * Call `start(day)` when a drag begins.
 */
export function createKeyboardDayJump() {
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
    return { x: target.rect.left + INSET, y: target.rect.top + INSET };
  };

  return {
    getter,
    start(day: UniqueIdentifier) {
      current = day;
    },
  };
}
