import { useEffect, useMemo, useState } from 'react';
import type { TripView } from '@wayfare/contract';
import { fetchTrip } from '../trips';

/** How often a trip whose guide is being written is read again (Gemini takes 5–90 s, two attempts at most)… */
export const GUIDE_POLL_MS = 1500;
/** …for this long; after it (a queued task retried later) every GUIDE_SLOW_POLL_MS, so an open tab stays cheap. */
const GUIDE_FAST_POLL_FOR_MS = 2 * 60_000;
const GUIDE_SLOW_POLL_MS = 15_000;

type WrittenGuide = Pick<
  TripView,
  'id' | 'guide_status' | 'recommendations' | 'recommendations_provider' | 'attractions'
>;

/**
 * The trip with its AI guide filled in once written: while the loaded trip's guide is 'writing', the trip is read
 * again (every GUIDE_POLL_MS, later less often) until it is not, and its guide, status and map sights replace the
 * loaded ones. Everything else (plans, names) stays the loaded trip's, so local edits are kept. A failed read is
 * tried again on the next tick.
 */
export function useGuideStatus(trip: TripView): TripView {
  const [written, setWritten] = useState<WrittenGuide | null>(null);
  const writing = trip.guide_status === 'writing';
  const tripId = trip.id;

  useEffect(() => {
    if (!writing) return;
    const controller = new AbortController();
    const started = Date.now();
    let timer: ReturnType<typeof setTimeout>;
    const poll = () => {
      const delay = Date.now() - started < GUIDE_FAST_POLL_FOR_MS ? GUIDE_POLL_MS : GUIDE_SLOW_POLL_MS;
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
      }, delay);
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
