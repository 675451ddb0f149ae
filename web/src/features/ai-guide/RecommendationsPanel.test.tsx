import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import type { GuideTrip } from './guide';
import { GUIDE_FALLBACK, GUIDE_WRITING, RecommendationsPanel } from './RecommendationsPanel';

const GUIDE = JSON.stringify({
  itinerary: { day1: { day_plan: 'Louvre Museum in the morning.', food: '' } },
  budget: '',
  packing: '- Walking shoes\n- Umbrella',
  transportation: 'Buy a Navigo pass.',
  cultural_tips: '',
  safety_considerations: 'Emergency: 112.',
});

const trip = (over: Partial<GuideTrip> = {}): GuideTrip => ({
  id: 't1',
  recommendations: GUIDE,
  guide_status: 'ready',
  recommendations_provider: 'gemini',
  daily_plans: [],
  start_date: '2027-05-01',
  end_date: '2027-05-01',
  ...over,
});

describe('RecommendationsPanel', () => {
  it('while the guide is written: busy, says so, and holds the place of tabs and text', () => {
    render(
      <RecommendationsPanel
        trip={trip({ guide_status: 'writing', recommendations: null, recommendations_provider: null })}
      />,
    );
    const panel = screen.getByRole('region', { name: 'AI Travel Guide' });
    expect(panel).toHaveAttribute('aria-busy', 'true');
    expect(within(panel).getByRole('status')).toHaveTextContent(GUIDE_WRITING);
    expect(within(panel).queryByText('No recommendations available at this time.')).toBeNull();
    expect(within(panel).queryByRole('tab')).toBeNull();
  });

  it('says when the offline planner wrote the guide because the AI could not', () => {
    render(
      <RecommendationsPanel trip={trip({ guide_status: 'fallback', recommendations_provider: 'offline' })} />,
    );
    const panel = screen.getByRole('region', { name: 'AI Travel Guide' });
    expect(panel).toHaveAttribute('aria-busy', 'false');
    expect(within(panel).getByText(GUIDE_FALLBACK)).toBeVisible();
    expect(within(panel).getByText("Written by Wayfare's offline planner")).toBeVisible();
    expect(within(panel).getAllByRole('tab')).toHaveLength(3);
  });

  it('shows a tab per section with text, the first selected, and who wrote it', () => {
    render(<RecommendationsPanel trip={trip()} />);
    const panel = screen.getByRole('region', { name: 'AI Travel Guide' });
    expect(within(panel).getByText('Written by Google Gemini')).toBeVisible();
    const tabs = within(panel).getAllByRole('tab');
    expect(tabs.map((tab) => tab.textContent)).toEqual(['Packing', 'Transportation', 'Safety']);
    expect(tabs[0]).toHaveAttribute('aria-selected', 'true');
    const items = within(screen.getByRole('tabpanel')).getAllByRole('listitem');
    expect(items.map((item) => item.textContent)).toEqual(['Walking shoes', 'Umbrella']);
  });

  it('switches sections by click and by arrow keys, wrapping around', async () => {
    render(<RecommendationsPanel trip={trip()} />);
    await userEvent.click(screen.getByRole('tab', { name: 'Transportation' }));
    expect(screen.getByRole('tabpanel', { name: 'Transportation' })).toHaveTextContent('Buy a Navigo pass.');

    await userEvent.keyboard('{ArrowRight}');
    expect(screen.getByRole('tab', { name: 'Safety' })).toHaveFocus();
    expect(screen.getByRole('tabpanel')).toHaveTextContent('Emergency: 112.');
    await userEvent.keyboard('{ArrowRight}');
    expect(screen.getByRole('tab', { name: 'Packing' })).toHaveAttribute('aria-selected', 'true');
    await userEvent.keyboard('{End}');
    expect(screen.getByRole('tab', { name: 'Safety' })).toHaveAttribute('aria-selected', 'true');
  });

  it('shows a guide that is not structured as text, saying so, once its parser has loaded', async () => {
    render(
      <RecommendationsPanel
        trip={trip({ recommendations: 'Just enjoy the city', recommendations_provider: 'offline' })}
      />,
    );
    expect(screen.getByRole('region', { name: 'AI Travel Guide' })).toHaveAttribute('aria-busy', 'true');
    expect(
      await screen.findByText(
        'This guide could not be read as structured sections, so it was parsed as text.',
      ),
    ).toBeVisible();
    expect(screen.getByRole('region', { name: 'AI Travel Guide' })).toHaveAttribute('aria-busy', 'false');
    expect(screen.getByText('Just enjoy the city')).toBeVisible();
    expect(screen.queryByRole('tablist')).toBeNull();
  });

  it('says when there are no recommendations, naming no writer', () => {
    render(<RecommendationsPanel trip={trip({ recommendations: null })} />);
    expect(screen.getByText('No recommendations available at this time.')).toBeVisible();
    expect(screen.queryByText(/^Written by/)).toBeNull();
  });
});
