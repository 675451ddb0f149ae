import 'fake-indexeddb/auto';
import { render, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { ALICE, Providers } from '@/test-support/session';
import { heldAfterFirst, stubApi } from '@/test-support/stubApi';
import { plan, tripView } from '@/test-support/trips';
import { clearOutbox, flushOutbox, sendOrQueue } from '@/shared/offline/outbox';
import { DailyPlansBoard } from '@/features/daily-plans';
import { useTripDetails } from './useTripDetails';

/** The trip page's board on the cached trip, as the details page gives it. */
function Board() {
  const { state, setPlans, reloadPlans } = useTripDetails('t1');
  if (state.status !== 'ready') return <p>Loading</p>;
  return (
    <DailyPlansBoard
      trip={state.trip}
      weather={{ status: 'unavailable' }}
      setPlans={setPlans}
      reloadPlans={reloadPlans}
    />
  );
}

afterEach(() => clearOutbox());

describe('a plan made offline, sent by the outbox', () => {
  it('shows in its day from its answer at once, and the trip is not read again for it', async () => {
    let online = false;
    const trip = heldAfterFirst(tripView());
    stubApi({
      'GET /api/trips/t1': trip.route,
      'POST /api/trips/t1/daily-plans': () => {
        if (!online) throw new TypeError('Failed to fetch');
        return { status: 201, body: plan('Tram 28', '2027-03-06') };
      },
    });
    // What the board's Add Plan sends while offline (daily-plans/plansApi.createPlan).
    const made = await sendOrQueue({
      userId: ALICE.userId,
      tripId: 't1',
      kind: 'plan',
      path: '/api/trips/t1/daily-plans',
      body: { plan_date: '2027-03-06', category: 'Attraction', title: 'Tram 28', description: '' },
      summary: { title: 'Tram 28', date: '2027-03-06' },
    });
    expect('queued' in made).toBe(true);

    render(
      <Providers>
        <Board />
      </Providers>,
    );
    // The pending list loads on first use (compiled on first use in a test run).
    const waiting = await screen.findByRole('list', { name: 'Plans waiting to be sent' });
    expect(within(waiting).getByText('Tram 28')).toBeVisible();

    online = true;
    await expect(flushOutbox(ALICE.userId)).resolves.toBe('done');
    await waitFor(() => expect(screen.queryByRole('list', { name: 'Plans waiting to be sent' })).toBeNull());
    expect(screen.getByText('Tram 28')).toBeVisible();
    expect([trip.reads(), trip.held()]).toEqual([1, 0]);
  });
});
