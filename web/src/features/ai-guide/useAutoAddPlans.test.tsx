import { screen } from '@testing-library/react';
import { useQuery } from '@tanstack/react-query';
import { describe, expect, it } from 'vitest';
import type { TripView } from '@wayfare/contract';
import { render } from '@/test-support/render';
import { heldAfterFirst, stubApi } from '@/test-support/stubApi';
import { plan, tripView } from '@/test-support/trips';
import { tripQuery } from '@/features/trips';
import { AUTO_ADD_DELAY_MS, useAutoAddPlans } from './useAutoAddPlans';

const GUIDE = JSON.stringify({
  itinerary: {
    day1: {
      day_plan: 'Morning: Castelo de São Jorge — go early.\nEvening: Fado in Alfama.',
      food: 'Dinner: Pastéis de Belém.',
    },
  },
  budget: 'About $120 a day.',
  packing: '',
  transportation: '',
  cultural_tips: '',
  safety_considerations: '',
});

function AutoAdd({ trip }: { trip: TripView }) {
  const { message } = useAutoAddPlans(trip);
  return <p>{message ?? 'Nothing to add'}</p>;
}

const withGuide = (extra: Partial<TripView> = {}) =>
  tripView({ recommendations: GUIDE, recommendations_provider: 'offline', ...extra });
const afterTheDelay = () => new Promise((resolve) => setTimeout(resolve, AUTO_ADD_DELAY_MS + 300));

describe('useAutoAddPlans', () => {
  it("adds the guide's itinerary one second after a trip without plans shows", async () => {
    const requests = stubApi({
      'POST /api/trips/t1/daily-plans/bulk': {
        status: 201,
        body: { plans: [plan('p1', '2027-03-05')], skipped: 0 },
      },
    });
    render(<AutoAdd trip={withGuide()} />);
    expect(await screen.findByText('Added to daily plans!')).toBeVisible();
    expect(requests.map((r) => `${r.method} ${r.path}`)).toEqual(['POST /api/trips/t1/daily-plans/bulk']);
  });

  it('never refills a trip that had plans when the traveller removes the last one', async () => {
    const requests = stubApi({});
    const { rerender } = render(<AutoAdd trip={withGuide({ daily_plans: [plan('p1', '2027-03-05')] })} />);
    rerender(<AutoAdd trip={withGuide({ daily_plans: [] })} />);
    await afterTheDelay();
    expect(screen.getByText('Nothing to add')).toBeVisible();
    expect(requests).toEqual([]);
  });

  it.each([
    ['nothing was skipped: the trip is not read again', 0, 1],
    ['the server skipped some (another tab added them): the trip is read again', 1, 2],
  ])('shows the created plans in the cached trip at once; %s', async (_case, skipped, reads) => {
    const trip = heldAfterFirst(withGuide());
    stubApi({
      'GET /api/trips/t1': trip.route,
      'POST /api/trips/t1/daily-plans/bulk': {
        status: 201,
        body: { plans: [plan('Castelo de São Jorge', '2027-03-05')], skipped },
      },
    });
    render(<TripWithAutoAdd />);
    expect(await screen.findByText('Castelo de São Jorge')).toBeVisible();
    expect([trip.reads(), trip.held()]).toEqual([reads, reads - 1]);
    trip.release();
  });
});

/** The trip page's part: the cached trip's plan titles, and the auto-add on that trip. */
function TripWithAutoAdd() {
  const { data: trip } = useQuery(tripQuery('t1'));
  useAutoAddPlans(trip ?? null);
  return (
    <ul>
      {trip?.daily_plans.map((p) => (
        <li key={p.id}>{p.title}</li>
      ))}
    </ul>
  );
}
