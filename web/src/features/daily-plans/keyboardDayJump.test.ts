import type { CollisionDetection, DroppableContainer, KeyboardCoordinateGetter } from '@dnd-kit/core';
import { describe, expect, it } from 'vitest';
import { createKeyboardDayJump } from './keyboardDayJump';

type GetterArgs = Parameters<KeyboardCoordinateGetter>[1];

/** Three days stacked 100 px apart, as dnd-kit measured them at the start of the drag. */
const days = ['2026-05-01', '2026-05-02', '2026-05-03'].map((id) => ({ id }) as DroppableContainer);
const rects = new Map(days.map((d, i) => [d.id, { top: i * 100, left: 0, width: 300, height: 90 }]));
const context = {
  context: { droppableContainers: { getEnabled: () => days }, droppableRects: rects },
} as unknown as GetterArgs;
const collisionArgs = { droppableContainers: days } as unknown as Parameters<CollisionDetection>[0];

const press = (jump: ReturnType<typeof createKeyboardDayJump>, code: string) =>
  jump.getter({ code, preventDefault() {} } as KeyboardEvent, context);

describe('createKeyboardDayJump', () => {
  it('moves one day per arrow and makes the day the keys reached the drop target, before dnd-kit has redrawn', () => {
    const reached: unknown[] = [];
    const jump = createKeyboardDayJump((day) => reached.push(day));
    jump.start('2026-05-01');
    expect(jump.collision(collisionArgs)?.map((c) => c.id)).toEqual(['2026-05-01']);

    expect(press(jump, 'ArrowDown')).toEqual({ x: 8, y: 108 });
    expect(press(jump, 'ArrowDown')).toEqual({ x: 8, y: 208 });
    expect(press(jump, 'ArrowDown')).toBeUndefined();
    expect(press(jump, 'KeyA')).toBeUndefined();
    expect(reached).toEqual(['2026-05-02', '2026-05-03']);
    expect(jump.collision(collisionArgs)?.map((c) => c.id)).toEqual(['2026-05-03']);
    // The drop follows the keys even when dnd-kit's own drop target is still a step behind.
    expect(jump.dropDay({ id: '2026-05-02' })).toBe('2026-05-03');
  });

  it('leaves a mouse or touch drag to the pointer', () => {
    const jump = createKeyboardDayJump(() => {});
    jump.start('2026-05-01');
    jump.start(null);
    expect(jump.collision(collisionArgs)).toBeNull();
    expect(jump.dropDay({ id: '2026-05-02' })).toBe('2026-05-02');
    expect(jump.dropDay(null)).toBeNull();
  });
});
