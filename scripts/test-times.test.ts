import { describe, expect, it } from 'vitest';
import { formatDuration, summarizeTimes, type FileTime } from './test-times';

const file = (project: string, name: string, startedAt: number, endedAt: number): FileTime => ({
  project,
  file: name,
  startedAt,
  endedAt,
});

describe('the time summary at the end of npm test', () => {
  it('formats seconds below a minute with a decimal, longer times as minutes and seconds', () => {
    expect(formatDuration(0)).toBe('0.0s');
    expect(formatDuration(42_049)).toBe('42.0s');
    expect(formatDuration(59_949)).toBe('59.9s');
    expect(formatDuration(60_000)).toBe('1m 00s');
    expect(formatDuration(187_400)).toBe('3m 07s');
  });

  it("gives each project its wall time, first file's start to last file's end, not the sum of its files", () => {
    const lines = summarizeTimes(
      [
        file('unit+api', 'a.test.ts', 1_000, 11_000),
        file('unit+api', 'b.test.ts', 2_000, 31_000),
        file('e2e', 'c.e2e.ts', 0, 90_000),
      ],
      95_000,
    );
    expect(lines[0]).toBe('Duration: e2e 1m 30s (1 file) · unit+api 30.0s (2 files) · whole run 1m 35s');
  });

  it('lists the slowest files, slowest first, at most five', () => {
    const files = [10, 70, 30, 50, 20, 60, 40].map((s, i) => file('unit+api', `f${i}.test.ts`, 0, s * 1000));
    const lines = summarizeTimes(files, 70_000);
    expect(lines.slice(1)).toEqual([
      'Slowest files:',
      '   1m 10s  unit+api  f1.test.ts',
      '   1m 00s  unit+api  f5.test.ts',
      '    50.0s  unit+api  f3.test.ts',
      '    40.0s  unit+api  f6.test.ts',
      '    30.0s  unit+api  f2.test.ts',
    ]);
  });

  it('says only the run time when no file ran', () => {
    expect(summarizeTimes([], 1_500)).toEqual(['Duration: whole run 1.5s']);
  });
});
