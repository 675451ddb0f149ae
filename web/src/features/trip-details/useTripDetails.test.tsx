import type { ReactNode } from 'react';
import { act, renderHook, waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { Providers } from '@/test-support/session';
import { stubApi, type StubAnswer } from '@/test-support/stubApi';
import { tripView } from '@/test-support/trips';
import { useTripDetails } from './useTripDetails';

const wrapper = ({ children }: { children: ReactNode }) => <Providers>{children}</Providers>;

/** Answers GET /api/trips/t1 with each of `answers` in turn (the last one from then on). */
function tripAnswers(...answers: Array<StubAnswer | Promise<StubAnswer>>) {
  let call = 0;
  return stubApi({ 'GET /api/trips/t1': () => answers[Math.min(call++, answers.length - 1)]! });
}

describe('useTripDetails (the trip query)', () => {
  it('loads, shows the trip, keeps it with "refresh failed" when a refresh fails, and drops it on a 404', async () => {
    const requests = tripAnswers(
      { body: tripView() },
      { status: 500, body: { error: 'Database is down' } },
      { status: 404, body: { error: 'Trip not found' } },
    );
    const { result } = renderHook(() => useTripDetails('t1'), { wrapper });
    expect(result.current.state).toEqual({ status: 'loading' });

    await waitFor(() => expect(result.current.state.status).toBe('ready'));
    expect(result.current.state).toMatchObject({ trip: { trip_name: 'Lisbon' }, refreshFailed: false });

    act(() => result.current.refresh());
    await waitFor(() =>
      expect(result.current.state).toMatchObject({ refreshFailed: true, refreshing: false }),
    );
    expect(result.current.state).toMatchObject({ status: 'ready', trip: { trip_name: 'Lisbon' } });
    expect(requests).toHaveLength(2);

    // Deleted meanwhile, or the caller left it: the cached trip is not shown any more.
    act(() => result.current.refresh());
    await waitFor(() => expect(result.current.state).toEqual({ status: 'not-found' }));
  });

  it('says not found on a 404, fails on an answer that breaks the contract, and loads again on Try Again', async () => {
    tripAnswers({ status: 404, body: { error: 'Trip not found' } });
    const missing = renderHook(() => useTripDetails('t1'), { wrapper });
    await waitFor(() => expect(missing.result.current.state).toEqual({ status: 'not-found' }));
    missing.unmount();

    let answer = (_: StubAnswer) => {};
    const later = new Promise<StubAnswer>((resolve) => (answer = resolve));
    tripAnswers({ body: { ...tripView(), daily_plans: 'none' } }, later);
    const { result } = renderHook(() => useTripDetails('t1'), { wrapper });
    await waitFor(() => expect(result.current.state).toEqual({ status: 'error' }));
    act(() => result.current.retry());
    await waitFor(() => expect(result.current.state).toEqual({ status: 'loading' }));
    answer({ body: tripView() });
    await waitFor(() => expect(result.current.state.status).toBe('ready'));
  });
});
