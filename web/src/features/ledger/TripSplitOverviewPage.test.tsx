import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import type { SplitTripPage, SplitTripSummary } from '@wayfare/contract';
import { Providers } from '@/test-support/session';
import { stubApi } from '@/test-support/stubApi';
import { TripSplitOverviewPage } from './TripSplitOverviewPage';

const card = (n: number): SplitTripSummary => ({
  id: `t${n}`,
  trip_name: `Trip ${n}`,
  city_name: 'Lisbon',
  start_date: '2027-04-10',
  end_date: '2027-04-14',
  image_url: null,
  user_role: 'owner',
  trip_owner_username: 'alice',
  participant_count: 2,
  expense_count: 1,
  total_expenses_cents: 1000,
  total_expenses: 10,
  your_share_cents: 500,
  home_currency: 'USD',
});

describe('TripSplitOverviewPage', () => {
  it('shows the figures over every trip from the first page, and the next page on Load more', async () => {
    const first: SplitTripPage = {
      trips: [card(1), card(2)],
      next_cursor: 'after-2',
      summary: { trip_count: 3, expense_count: 40, totals: [{ currency: 'USD', total_cents: 123456 }] },
    };
    const second: SplitTripPage = { trips: [card(3)], next_cursor: null };
    const requests = stubApi({
      'GET /api/trip-split/invitations': { body: { invitations: [] } },
      'GET /api/trip-split/user/trips': ({ url }) => ({
        body: url.searchParams.get('cursor') === 'after-2' ? second : first,
      }),
    });
    render(<TripSplitOverviewPage />, { wrapper: (props) => <Providers path="/trip-split" {...props} /> });

    expect(await screen.findByText('Trip 2')).toBeInTheDocument();
    const header = screen.getByText('Trips').closest('dl') as HTMLElement;
    expect(within(header).getByText('3')).toBeInTheDocument();
    expect(within(header).getByText('40')).toBeInTheDocument();
    expect(within(header).getByText('$1,234.56')).toBeInTheDocument();
    expect(screen.getByText('Showing 2 of 3 trips')).toBeInTheDocument();

    await userEvent.click(screen.getByRole('button', { name: 'Load more' }));
    expect(await screen.findByText('Trip 3')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Load more' })).toBeNull();
    const asked = requests.filter((r) => r.path === '/api/trip-split/user/trips');
    expect(asked.map((r) => r.url.searchParams.get('cursor'))).toEqual(['', 'after-2']);
  });
});
