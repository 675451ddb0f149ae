import type { ReactNode } from 'react';
import { act, renderHook, waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import type { DailyPlan, TripView } from '@wayfare/contract';
import { Providers, testQueryClient } from '@/test-support/session';
import { stubApi, type StubAnswer } from '@/test-support/stubApi';
import { plan, tripView } from '@/test-support/trips';
import { usePlanChanges } from './usePlanChanges';

const TRIP_KEY = ['trip', 't1'];

/** The board's hook over a cached trip with two plans; each PUT and DELETE is answered when the test says. */
function setUp() {
  const queryClient = testQueryClient();
  queryClient.setQueryData<TripView>(
    TRIP_KEY,
    tripView({ daily_plans: [plan('tower', '2027-03-05'), plan('tram', '2027-03-06')] }),
  );
  const answers: Array<(answer: StubAnswer) => void> = [];
  const later = () => new Promise<StubAnswer>((resolve) => answers.push(resolve));
  const requests = stubApi({
    'PUT /api/trips/t1/daily-plans/tower': later,
    'DELETE /api/trips/t1/daily-plans/tram': later,
  });
  const setPlans = (update: (plans: DailyPlan[]) => DailyPlan[]) =>
    queryClient.setQueryData<TripView>(
      TRIP_KEY,
      (trip) => trip && { ...trip, daily_plans: update(trip.daily_plans) },
    );
  const { result } = renderHook(() => usePlanChanges({ id: 't1', start_date: '2027-03-05' }, setPlans), {
    wrapper: ({ children }: { children: ReactNode }) => (
      <Providers queryClient={queryClient}>{children}</Providers>
    ),
  });
  const plans = () =>
    queryClient.getQueryData<TripView>(TRIP_KEY)?.daily_plans.map((p) => [p.id, p.plan_date, p.day_number]);
  const answer = async (given: StubAnswer) => {
    await waitFor(() => expect(answers).toHaveLength(1));
    answers.shift()?.(given);
  };
  return { result, plans, answer, requests };
}

describe('usePlanChanges: optimistic plan moves and removals', () => {
  it('moves a plan at once, and puts it back where it was when the server refuses, without reloading the trip', async () => {
    const { result, plans, answer, requests } = setUp();
    act(() => result.current.move(plan('tower', '2027-03-05'), '2027-03-07'));
    await waitFor(() =>
      expect(plans()).toEqual([
        ['tower', '2027-03-07', 3],
        ['tram', '2027-03-06', 2],
      ]),
    );
    await answer({ status: 500, body: { error: 'Database is down' } });
    await waitFor(() =>
      expect(plans()).toEqual([
        ['tower', '2027-03-05', 1],
        ['tram', '2027-03-06', 2],
      ]),
    );
    expect(requests.map((r) => `${r.method} ${r.path}`)).toEqual(['PUT /api/trips/t1/daily-plans/tower']);
    expect(requests[0]?.body).toMatchObject({ plan_date: '2027-03-07', title: 'tower' });
    // The failure is said, on the day the plan is back in, with the server's reason (never hidden).
    expect(result.current.failure).toEqual({
      date: '2027-03-05',
      message: '“tower” could not be moved; it is back where it was.',
      detail: 'Database is down',
    });
  });

  it('keeps a saved move as the server answered it, and brings back a plan whose removal failed', async () => {
    const { result, plans, answer } = setUp();
    act(() => result.current.move(plan('tower', '2027-03-05'), '2027-03-07'));
    await answer({ body: plan('tower', '2027-03-07', { day_number: 3, order: 7 }) });
    await waitFor(() => expect(plans()?.[0]).toEqual(['tower', '2027-03-07', 3]));

    act(() => result.current.remove(plan('tram', '2027-03-06')));
    await waitFor(() => expect(plans()).toEqual([['tower', '2027-03-07', 3]]));
    expect(result.current.failure).toBeNull();
    await answer({ status: 503, body: { error: 'Try again later' } });
    await waitFor(() =>
      expect(plans()).toEqual([
        ['tower', '2027-03-07', 3],
        ['tram', '2027-03-06', 2],
      ]),
    );
    expect(result.current.failure).toEqual({
      date: '2027-03-06',
      message: '“tram” could not be removed; it is back where it was.',
      detail: 'Try again later',
    });

    // The next change starts afresh: the old failure is no longer shown.
    act(() => result.current.move(plan('tower', '2027-03-07'), '2027-03-05'));
    await waitFor(() => expect(result.current.failure).toBeNull());
  });
});
