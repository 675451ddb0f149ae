/**
 * Wraps an async task so that one runs at a time: a call while it runs schedules exactly one more run after it
 * (a burst of calls becomes at most two runs), and every caller's promise settles when the run that covers it has.
 * Live change notices use it: a notice that arrives during a refetch may not be in that refetch's answer.
 */
export function coalesce(task: () => Promise<unknown>): () => Promise<void> {
  let running: Promise<void> | null = null;
  let again: Promise<void> | null = null;
  const run = (): Promise<void> => {
    running = task().then(
      () => undefined,
      () => undefined,
    );
    void running.then(() => {
      running = null;
    });
    return running;
  };
  return () => {
    if (!running) return run();
    again ??= running.then(() => {
      again = null;
      return run();
    });
    return again;
  };
}
