import type { App } from 'firebase-admin/app';
import { getFunctions } from 'firebase-admin/functions';
import type { GuideQueue } from './guide-jobs';

/** The task queue function that writes guides in firebase mode (exported by index.ts under this name). */
export const GUIDE_TASK_FUNCTION = 'writeGuide';

/**
 * Firebase mode's guide queue: one Cloud Task per trip for the writeGuide function, named after the trip so a
 * repeated enqueue is refused by Cloud Tasks rather than written twice (and counted as queued).
 */
export function cloudTasksGuideQueue(app: App, region: string): GuideQueue {
  const queue = getFunctions(app).taskQueue(`locations/${region}/functions/${GUIDE_TASK_FUNCTION}`);
  return {
    async enqueue(tripId) {
      try {
        await queue.enqueue({ tripId }, { id: `guide-${tripId}` });
      } catch (err) {
        if ((err as { code?: string }).code !== 'functions/task-already-exists') throw err;
      }
    },
  };
}
