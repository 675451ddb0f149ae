import { describe, expect, it } from 'vitest';
import { ApiError } from '@/shared/api';
import {
  autoPlansFor,
  bulkFailureMessage,
  guideView,
  loadGuideTextParser,
  providerLabel,
  readGuide,
  textBlocks,
  type GuideTrip,
} from './guide';

const guide = JSON.stringify({
  itinerary: {
    day1: {
      day_plan: 'Morning: Louvre Museum — book ahead.\nEvening: Seine river cruise at dusk.',
      food: 'Dinner: bistro in Le Marais.',
    },
    day2: { day_plan: 'Climb the Eiffel Tower early.', food: '' },
  },
  budget: '',
  packing: '- Walking shoes\n- Umbrella',
  transportation: 'Buy a Navigo pass.',
  cultural_tips: '',
  safety_considerations: 'Emergency: 112.',
});

const trip = (over: Partial<GuideTrip> = {}): GuideTrip => ({
  id: 't1',
  recommendations: guide,
  guide_status: 'ready',
  recommendations_provider: 'offline',
  daily_plans: [],
  start_date: '2027-05-01',
  end_date: '2027-05-02',
  ...over,
});

describe('readGuide', () => {
  it('reads an object or JSON text without the full parser, other text only once that is loaded', async () => {
    expect(readGuide(JSON.parse(guide) as Record<string, unknown>)?.strategy).toBe('json');
    expect(readGuide(guide)?.strategy).toBe('json');
    expect(readGuide(null)).toEqual({ strategy: 'raw-text', guide: null, text: '' });
    expect(readGuide('Enjoy Paris!')).toBeNull();
    await loadGuideTextParser();
    expect(readGuide('Enjoy Paris!')).toEqual({ strategy: 'raw-text', guide: null, text: 'Enjoy Paris!' });
  });
});

describe('guideView', () => {
  it('shows a tab for each section with text, in the spec order', () => {
    const view = guideView(readGuide(guide));
    expect(view.kind === 'sections' && view.tabs.map((t) => t.label)).toEqual([
      'Packing',
      'Transportation',
      'Safety',
    ]);
  });
  it('falls back to the raw text, or to nothing; holds the place while the parser loads', async () => {
    expect(guideView(null)).toEqual({ kind: 'reading' });
    await loadGuideTextParser();
    expect(guideView(readGuide('Enjoy Paris!'))).toEqual({ kind: 'text', text: 'Enjoy Paris!' });
    expect(guideView(readGuide(null))).toEqual({ kind: 'empty' });
    expect(guideView(readGuide('   '))).toEqual({ kind: 'empty' });
  });
  it('names the writer', () => {
    expect(providerLabel('gemini')).toBe('Google Gemini');
    expect(providerLabel('offline')).toBe("Wayfare's offline planner");
    expect(providerLabel(null)).toBeNull();
  });
  it('renders bullet runs as lists', () => {
    expect(textBlocks('Intro\n- a\n- b\n\nOutro')).toEqual([
      { kind: 'paragraph', text: 'Intro' },
      { kind: 'list', items: ['a', 'b'] },
      { kind: 'paragraph', text: 'Outro' },
    ]);
  });
});

describe('autoPlansFor', () => {
  it('converts the itinerary when the trip has dates, a parsable guide and no plans', () => {
    expect(autoPlansFor(trip())).toEqual([
      {
        plan_date: '2027-05-01',
        category: 'Attraction',
        title: 'Louvre Museum',
        description: 'Morning: book ahead',
        order: 0,
      },
      {
        plan_date: '2027-05-01',
        category: 'Activity',
        title: 'Seine river cruise at dusk',
        description: 'Evening',
        order: 1,
      },
      {
        plan_date: '2027-05-01',
        category: 'Restaurant',
        title: 'Bistro in Le Marais',
        description: 'Dinner',
        order: 1000,
      },
      {
        plan_date: '2027-05-02',
        category: 'Attraction',
        title: 'Climb the Eiffel Tower early',
        description: '',
        order: 0,
      },
    ]);
  });
  it('does nothing without dates, with plans, or without a guide', () => {
    expect(autoPlansFor(trip({ start_date: null }))).toBeNull();
    expect(autoPlansFor(trip({ daily_plans: [{} as GuideTrip['daily_plans'][number]] }))).toBeNull();
    expect(autoPlansFor(trip({ recommendations: 'Just have fun.' }))).toBeNull();
  });
});

describe('bulkFailureMessage', () => {
  it('adds the reason, or Unknown error', () => {
    expect(bulkFailureMessage(new ApiError(400, 'At most 500 plans at once'))).toBe(
      'Failed to create daily plans: At most 500 plans at once',
    );
    expect(bulkFailureMessage('boom')).toBe('Failed to create daily plans: Unknown error');
  });
});
