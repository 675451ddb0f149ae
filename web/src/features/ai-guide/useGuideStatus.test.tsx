import { render, screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import type { TripView } from '@wayfare/contract';
import { Providers } from '@/test-support/session';
import { stubApi } from '@/test-support/stubApi';
import { tripView } from '@/test-support/trips';
import { GUIDE_WRITING, RecommendationsPanel } from './RecommendationsPanel';
import { useGuideStatus } from './useGuideStatus';

const GUIDE = JSON.stringify({
  itinerary: { day1: { day_plan: 'Castelo de São Jorge.', food: '' } },
  budget: 'About $120 a day.',
  packing: '',
  transportation: '',
  cultural_tips: '',
  safety_considerations: '',
});

const writingTrip = tripView({
  trip_name: 'Trip to Lisbon',
  guide_status: 'writing',
  start_date: '2027-05-01',
  end_date: '2027-05-01',
});

function GuideOfTrip({ trip }: { trip: TripView }) {
  const shown = useGuideStatus(trip);
  return (
    <>
      <RecommendationsPanel trip={shown} />
      <p>{shown.attractions.length} sights</p>
    </>
  );
}

describe('useGuideStatus', () => {
  it('reads the trip again while its guide is written, and fills the guide and its sights in', async () => {
    let reads = 0;
    const requests = stubApi({
      'GET /api/trips/t1': () => {
        reads += 1;
        return reads < 2
          ? { body: writingTrip }
          : {
              body: {
                ...writingTrip,
                guide_status: 'ready',
                recommendations: JSON.parse(GUIDE),
                recommendations_provider: 'gemini',
                attractions: [{ key: 'sight-1', name: 'Castelo', location: { lat: 38.71, lng: -9.13 } }],
              },
            };
      },
    });
    render(<GuideOfTrip trip={writingTrip} />, { wrapper: Providers });
    const panel = screen.getByRole('region', { name: 'AI Travel Guide' });
    expect(within(panel).getByRole('status')).toHaveTextContent(GUIDE_WRITING);

    expect(await within(panel).findByText('Written by Google Gemini')).toBeVisible();
    expect(panel).toHaveAttribute('aria-busy', 'false');
    expect(within(panel).getByRole('tabpanel')).toHaveTextContent('About $120 a day.');
    expect(screen.getByText('1 sights')).toBeVisible();
    expect(requests).toHaveLength(2);
  });

  it('reads nothing for a trip whose guide is already written', () => {
    const requests = stubApi({});
    render(
      <GuideOfTrip trip={{ ...writingTrip, guide_status: 'ready', recommendations: JSON.parse(GUIDE) }} />,
      { wrapper: Providers },
    );
    expect(screen.getByRole('region', { name: 'AI Travel Guide' })).toHaveAttribute('aria-busy', 'false');
    expect(requests).toHaveLength(0);
  });
});
