import { useEffect, useMemo, useState } from 'react';
import type { TripView } from '@wayfare/contract';
import { fetchTrip } from '../trips';

/** How often a trip whose guide is being written is read again (Gemini takes 5–90 s). */
export const GUIDE_POLL_MS = 1500;

type WrittenGuide = Pick<
  TripView,
  'id' | 'guide_status' | 'recommendations' | 'recommendations_provider' | 'attractions'
>;

/**
 * The trip with its AI guide filled in once written: while the loaded trip's guide is 'writing', the trip is read
 * again every GUIDE_POLL_MS until it is not, and its guide, status and map sights replace the loaded ones. Everything
 * else (plans, names) stays the loaded trip's, so local edits are kept. A failed read is tried again on the next tick.
 */
export function useGuideStatus(trip: TripView): TripView {
  const [written, setWritten] = useState<WrittenGuide | null>(null);
  const writing = trip.guide_status === 'writing';
  const tripId = trip.id;

  useEffect(() => {
    if (!writing) return;
    const controller = new AbortController();
    let timer: ReturnType<typeof setTimeout>;
    const poll = () => {
      timer = setTimeout(async () => {
        try {
          const { id, guide_status, recommendations, recommendations_provider, attractions } =
            await fetchTrip(tripId, controller.signal);
          if (guide_status !== 'writing') {
            setWritten({ id, guide_status, recommendations, recommendations_provider, attractions });
            return;
          }
        } catch {
          if (controller.signal.aborted) return;
        }
        poll();
      }, GUIDE_POLL_MS);
    };
    poll();
    return () => {
      controller.abort();
      clearTimeout(timer);
    };
  }, [writing, tripId]);

  return useMemo(
    () => (writing && written?.id === trip.id ? { ...trip, ...written } : trip),
    [writing, written, trip],
  );
}
