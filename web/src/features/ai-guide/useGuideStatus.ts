import { useMemo, useState } from 'react';
import { useQuery } from '@tanstack/react-query';
import type { TripView } from '@wayfare/contract';
import { queryKeys } from '@/shared/query/queryKeys';
import { fetchTrip } from '@/features/trips';

/** How often a trip whose guide is being written is read again (Gemini takes 5–90 s, two attempts at most)… */
export const GUIDE_POLL_MS = 1500;
/** …for this long; after it (a queued task retried later) every GUIDE_SLOW_POLL_MS, so an open tab stays cheap. */
const GUIDE_FAST_POLL_FOR_MS = 2 * 60_000;
const GUIDE_SLOW_POLL_MS = 15_000;

type WrittenGuide = Pick<
  TripView,
  'id' | 'guide_status' | 'recommendations' | 'recommendations_provider' | 'attractions'
>;

const guideOf = ({
  id,
  guide_status,
  recommendations,
  recommendations_provider,
  attractions,
}: TripView): WrittenGuide => ({ id, guide_status, recommendations, recommendations_provider, attractions });

/**
 * The trip with its AI guide filled in once written: while the loaded trip's guide is 'writing', the trip is read
 * again (every GUIDE_POLL_MS, later less often) under a query of its own until it is not, and its guide, status and
 * map sights replace the loaded ones. Everything else (plans, names) stays the loaded trip's, so local edits are
 * kept. A failed read is tried again on the next tick.
 */
export function useGuideStatus(trip: TripView): TripView {
  const writing = trip.guide_status === 'writing';
  const [started] = useState(Date.now);
  const { data: written } = useQuery({
    // A key of its own under the trip's: the polled answers never replace the page's trip (and its local edits).
    queryKey: [...queryKeys.trip(trip.id), 'guide'],
    queryFn: ({ signal }) => fetchTrip(trip.id, signal),
    // The loaded trip is the first answer: the next read comes one tick later, not at once.
    initialData: trip,
    initialDataUpdatedAt: started,
    select: guideOf,
    enabled: writing,
    retry: false,
    refetchInterval: (query) =>
      query.state.data?.guide_status === 'writing'
        ? Date.now() - started < GUIDE_FAST_POLL_FOR_MS
          ? GUIDE_POLL_MS
          : GUIDE_SLOW_POLL_MS
        : false,
  });

  return useMemo(
    () => (writing && written?.id === trip.id ? { ...trip, ...written } : trip),
    [writing, written, trip],
  );
}
