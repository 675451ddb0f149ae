import { describe, expect, it } from 'vitest';
import { coalesce } from './coalesce';

describe('coalesce', () => {
  it('runs one task at a time and turns a burst of calls during a run into exactly one more run', async () => {
    const runs: Array<() => void> = [];
    const refresh = coalesce(() => new Promise<void>((resolve) => runs.push(resolve)));
    const first = refresh();
    const burst = [refresh(), refresh(), refresh()];
    expect(runs).toHaveLength(1);
    runs[0]?.();
    await first;
    await Promise.resolve();
    expect(runs).toHaveLength(2); // the burst's one run, started when the first ended
    runs[1]?.();
    await Promise.all(burst);
    expect(runs).toHaveLength(2);
    void refresh(); // idle again: runs at once
    expect(runs).toHaveLength(3);
  });

  it('keeps going after a failed run', async () => {
    let calls = 0;
    const refresh = coalesce(async () => {
      calls += 1;
      if (calls === 1) throw new Error('offline');
    });
    await refresh();
    await refresh();
    expect(calls).toBe(2);
  });
});
