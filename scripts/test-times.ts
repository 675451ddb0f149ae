/** One test file's time in a run: from its environment's setup to its last test's end, in ms since the epoch. */
export interface FileTime {
  project: string;
  file: string;
  startedAt: number;
  endedAt: number;
}

const SLOWEST_SHOWN = 5;

/** "42.0s", "3m 07s": short enough for one line per project. */
export function formatDuration(ms: number): string {
  const seconds = Math.max(0, ms) / 1000;
  if (seconds < 59.95) return `${seconds.toFixed(1)}s`;
  const whole = Math.round(seconds);
  return `${Math.floor(whole / 60)}m ${String(whole % 60).padStart(2, '0')}s`;
}

/**
 * The lines `npm test` ends with: each project's wall time (its first file's start to its last file's end; projects
 * overlap, so they need not add up to the run) and file count, the whole run's wall time, then the slowest files.
 */
export function summarizeTimes(files: readonly FileTime[], runMs: number): string[] {
  const projects = new Map<string, { startedAt: number; endedAt: number; count: number }>();
  for (const { project, startedAt, endedAt } of files) {
    const seen = projects.get(project);
    projects.set(
      project,
      seen
        ? {
            startedAt: Math.min(seen.startedAt, startedAt),
            endedAt: Math.max(seen.endedAt, endedAt),
            count: seen.count + 1,
          }
        : { startedAt, endedAt, count: 1 },
    );
  }
  const byProject = [...projects]
    .sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0))
    .map(
      ([name, p]) =>
        `${name} ${formatDuration(p.endedAt - p.startedAt)} (${p.count} ${p.count === 1 ? 'file' : 'files'})`,
    );
  const slowest = [...files]
    .sort((a, b) => b.endedAt - b.startedAt - (a.endedAt - a.startedAt))
    .slice(0, SLOWEST_SHOWN)
    .map((f) => `  ${formatDuration(f.endedAt - f.startedAt).padStart(7)}  ${f.project}  ${f.file}`);
  return [
    `Duration: ${[...byProject, `whole run ${formatDuration(runMs)}`].join(' · ')}`,
    ...(slowest.length > 0 ? ['Slowest files:', ...slowest] : []),
  ];
}
