import { describe, expect, it } from 'vitest';
import { timeOrderedId } from './time-ordered-id';

describe('timeOrderedId', () => {
  it('sorts ids made in one millisecond in the order they were made', () => {
    const ids = Array.from({ length: 500 }, () => timeOrderedId(1_700_000_000_000));
    expect([...ids].sort()).toEqual(ids);
    expect(new Set(ids).size).toBe(ids.length);
  });

  it('sorts by time first and keeps the UUID version 7 layout', () => {
    const earlier = timeOrderedId(1_700_000_000_001);
    const later = timeOrderedId(1_700_000_000_002);
    expect(earlier < later).toBe(true);
    expect(later).toMatch(/^[0-9a-f]{8}-[0-9a-f]{4}-7[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/);
  });
});
