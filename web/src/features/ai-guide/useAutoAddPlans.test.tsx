import { render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import type { TripView } from '@wayfare/contract';
import { stubApi } from '../../test-support/stubApi';
import { plan, tripView } from '../../test-support/trips';
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
  const { message } = useAutoAddPlans(trip, () => {});
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
    expect(
      await screen.findByText('Added to daily plans!', {}, { timeout: AUTO_ADD_DELAY_MS + 2000 }),
    ).toBeVisible();
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
});
