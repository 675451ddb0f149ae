import { useEffect, useRef, useState } from 'react';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { createPlans, type PlanInput } from '@wayfare/contract';
import { callEndpoint } from '@/shared/callEndpoint';
import { tripQuery } from '@/features/trips';
import { autoPlansFor, bulkFailureMessage, useGuide, type GuideTrip } from './guide';

/** Spec §9: convert 1 s after the trip shows; keep the success notice 3 s. */
export const AUTO_ADD_DELAY_MS = 1000;
export const ADDED_NOTICE_MS = 3000;

export type AutoAddStatus = 'idle' | 'adding' | 'added';

export const AUTO_ADD_MESSAGES: Record<AutoAddStatus, string | null> = {
  idle: null,
  adding: 'Auto-adding to daily plans...',
  added: 'Added to daily plans!',
};

/**
 * POST …/daily-plans/bulk as a mutation: the created plans go into the cached trip at once. The server skips plans
 * the trip already has (another tab added them first): then the cached trip lacks those, and it is read again.
 */
function useAddPlans() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ tripId, plans }: { tripId: string; plans: PlanInput[] }) =>
      callEndpoint(createPlans, { params: { tripId }, body: { plans } }),
    onSuccess: ({ plans, skipped }, { tripId }) => {
      const { queryKey } = tripQuery(tripId);
      queryClient.setQueryData(queryKey, (current) =>
        current ? { ...current, daily_plans: [...current.daily_plans, ...plans] } : current,
      );
      if (skipped > 0) void queryClient.invalidateQueries({ queryKey, exact: true });
    },
  });
}

/**
 * Turns the AI guide's itinerary into daily plans once, one second after the trip page shows it, when the trip
 * has dates, the guide parses and no plans exist (spec §4). A trip seen with plans is never auto-filled on this
 * page afterwards: removing its last plan leaves the days empty, as the traveller made them. The server skips
 * duplicates, so two tabs racing cannot double the plans. The created plans show in the cached trip at once.
 */
export function useAutoAddPlans(trip: GuideTrip | null) {
  const [status, setStatus] = useState<AutoAddStatus>('idle');
  const attempted = useRef(new Set<string>());
  const latest = useRef(trip);
  useEffect(() => {
    latest.current = trip;
  });
  const { mutate: addPlans } = useAddPlans();

  // Loads the guide's parser when autoPlansFor needs it; renders again then.
  useGuide(trip?.recommendations ?? null);
  const eligible = trip !== null && autoPlansFor(trip) !== null;
  const tripId = trip?.id ?? null;
  const hasPlans = (trip?.daily_plans.length ?? 0) > 0;

  // Declared before the timer's effect, so it runs first: plans seen once settle the question for this trip.
  useEffect(() => {
    if (tripId && hasPlans) attempted.current.add(tripId);
  }, [tripId, hasPlans]);

  useEffect(() => {
    if (!eligible || !tripId || attempted.current.has(tripId)) return;
    const timer = setTimeout(() => {
      const current = latest.current;
      const plans = current && current.id === tripId ? autoPlansFor(current) : null;
      if (!plans) return;
      attempted.current.add(tripId);
      setStatus('adding');
      addPlans(
        { tripId, plans },
        {
          onSuccess: () => setStatus('added'),
          onError: (error) => {
            setStatus('idle');
            window.alert(bulkFailureMessage(error));
          },
        },
      );
    }, AUTO_ADD_DELAY_MS);
    return () => clearTimeout(timer);
  }, [eligible, tripId, addPlans]);

  useEffect(() => {
    if (status !== 'added') return;
    const timer = setTimeout(() => setStatus('idle'), ADDED_NOTICE_MS);
    return () => clearTimeout(timer);
  }, [status]);

  return { status, message: AUTO_ADD_MESSAGES[status] };
}
