import { useCallback, useEffect, useRef, useState } from 'react';
import type { DailyPlan, TripView } from '@wayfare/contract';
import { ApiError } from '../../shared/api';
import { fetchTrip } from '../trips';

export type TripDetailsState =
  | { status: 'loading' }
  | { status: 'not-found' }
  | { status: 'error' }
  | { status: 'ready'; trip: TripView; refreshing: boolean; refreshFailed: boolean };

/**
 * The trip on the details page: first load (loading / not found / error), refresh (keeps the page, reports
 * 'Failed to refresh trip details.'), and local plan edits applied at once, with a reload from the server to
 * undo them when saving fails.
 */
export function useTripDetails(tripId: string) {
  const [state, setState] = useState<TripDetailsState>({ status: 'loading' });
  const latest = useRef(0);

  const load = useCallback(
    async (mode: 'load' | 'refresh') => {
      const request = ++latest.current;
      setState((current) =>
        mode === 'refresh' && current.status === 'ready'
          ? { ...current, refreshing: true, refreshFailed: false }
          : { status: 'loading' },
      );
      try {
        const trip = await fetchTrip(tripId);
        if (request === latest.current)
          setState({ status: 'ready', trip, refreshing: false, refreshFailed: false });
      } catch (error) {
        if (request !== latest.current) return;
        setState((current) => {
          if (mode === 'refresh' && current.status === 'ready') {
            return { ...current, refreshing: false, refreshFailed: true };
          }
          return error instanceof ApiError && error.status === 404
            ? { status: 'not-found' }
            : { status: 'error' };
        });
      }
    },
    [tripId],
  );

  useEffect(() => {
    void load('load');
    return () => {
      latest.current += 1; // an answer for a trip we left is ignored
    };
  }, [load]);

  const setPlans = useCallback((update: (plans: DailyPlan[]) => DailyPlan[]) => {
    setState((current) =>
      current.status === 'ready'
        ? { ...current, trip: { ...current.trip, daily_plans: update(current.trip.daily_plans) } }
        : current,
    );
  }, []);

  /** After a failed move or removal: the plans as the server has them. */
  const reloadPlans = useCallback(async () => {
    try {
      const trip = await fetchTrip(tripId);
      setPlans(() => trip.daily_plans);
    } catch {
      void load('refresh');
    }
  }, [tripId, setPlans, load]);

  return {
    state,
    retry: useCallback(() => void load('load'), [load]),
    refresh: useCallback(() => void load('refresh'), [load]),
    setPlans,
    reloadPlans,
  };
}
