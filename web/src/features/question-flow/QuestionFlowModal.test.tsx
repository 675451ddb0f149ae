import { render, screen, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import type { CitySuggestion } from '@wayfare/contract';
import { testClock } from '@/test-support/clock';
import { Providers } from '@/test-support/session';
import { stubApi } from '@/test-support/stubApi';
import { ENTER_MS, EXIT_MS } from './flow';
import { QuestionFlowModal } from './QuestionFlowModal';

const LISBON: CitySuggestion = {
  id: '2267057',
  name: 'Lisbon',
  countryCode: 'PT',
  country: 'Portugal',
  latitude: 38.72,
  longitude: -9.14,
  population: 517802,
};

// The flow animates each step change (exit, then entrance) and ignores answers meanwhile, as a user would find it;
// the clock is the test's, so a step change is waited for by moving it past the animation, not by sleeping.
const clock = testClock();
const pass = clock.pass;
/** Waits out a step change: its exit, then its entrance (each a timer of its own, started when the other ends). */
async function stepChange() {
  await pass(EXIT_MS);
  await pass(ENTER_MS);
}
async function question(text: string) {
  await stepChange();
  return screen.getByText(text);
}
const progress = () => screen.getByRole('progressbar', { name: 'Question flow progress' });

function renderFlow() {
  const onCreated = vi.fn();
  render(
    <Providers>
      <QuestionFlowModal open onClose={() => {}} onCreated={onCreated} />
    </Providers>,
  );
  return onCreated;
}

/** Answers every step after the destination with its first or a given choice, ending on the summary. */
async function answerRest() {
  await question('When are you travelling?');
  await clock.user.click(screen.getByRole('button', { name: '4-7 days' }));
  await question('What is your budget?');
  await clock.user.click(screen.getByRole('button', { name: /^Moderate/ }));
  await question('What do you enjoy? Pick as many as you like.');
  await clock.user.click(screen.getByRole('button', { name: 'Food & Dining' }));
  await clock.user.click(screen.getByRole('button', { name: 'Continue' }));
  await question('Who is travelling?');
  await clock.user.click(screen.getByRole('button', { name: 'Couple' }));
  await stepChange();
}

const summaryValue = (label: string) =>
  screen.getByText(label, { selector: 'dt' }).nextElementSibling?.textContent;

describe('QuestionFlowModal', () => {
  it('destination: Continue needs a city; typing one and continuing moves to the dates', async () => {
    stubApi({ 'GET /api/places/cities': { body: { cities: [] } } });
    renderFlow();
    expect(progress()).toHaveAttribute('aria-valuetext', '1 of 6');
    const city = screen.getByRole('combobox', { name: 'Destination city' });
    const next = screen.getByRole('button', { name: 'Continue' });
    expect(next).toBeDisabled();
    await clock.user.type(city, '   ');
    expect(next).toBeDisabled();
    await clock.user.clear(city);
    await clock.user.type(city, 'Atlantis');
    expect(next).toBeEnabled();
    await clock.user.click(next);
    await question('When are you travelling?');
    expect(progress()).toHaveAttribute('aria-valuetext', '2 of 6');
  });

  it('destination: suggests cities and picks one with the arrow keys and Enter', async () => {
    const requests = stubApi({ 'GET /api/places/cities': { body: { cities: [LISBON] } } });
    renderFlow();
    await clock.user.type(screen.getByRole('combobox', { name: 'Destination city' }), 'Lis');
    await pass(200);
    const option = screen.getByRole('option', { name: /Lisbon/ });
    expect(requests.at(-1)?.url.searchParams.get('q')).toBe('Lis');
    await clock.user.keyboard('{ArrowDown}');
    expect(option).toHaveAttribute('aria-selected', 'true');
    await clock.user.keyboard('{Enter}');
    await question('When are you travelling?');
  });

  it('dates: confirming needs a range; a flexible duration answers the step', async () => {
    renderFlow();
    await clock.user.type(screen.getByRole('combobox', { name: 'Destination city' }), 'Atlantis{Enter}');
    await question('When are you travelling?');
    expect(screen.getByText('Pick your first day.')).toBeVisible();
    expect(screen.getByRole('button', { name: 'Select dates to continue' })).toBeDisabled();
    const flexible = within(screen.getByRole('group', { name: 'Flexible duration' }));
    expect(flexible.getAllByRole('button').map((b) => b.textContent)).toEqual([
      '1-3 days',
      '4-7 days',
      '1-2 weeks',
      '2+ weeks',
    ]);
    await clock.user.click(flexible.getByRole('button', { name: '1-3 days' }));
    await question('What is your budget?');
    // Back returns to the dates with the answer kept.
    await clock.user.click(screen.getByRole('button', { name: 'Back' }));
    await question('When are you travelling?');
    expect(screen.getByRole('button', { name: '1-3 days' })).toHaveAttribute('aria-pressed', 'true');
  });

  it('dates: the calendar takes a first and a last day, then confirms the range', async () => {
    renderFlow();
    await clock.user.type(screen.getByRole('combobox', { name: 'Destination city' }), 'Atlantis{Enter}');
    await question('When are you travelling?');
    await clock.user.click(await screen.findByRole('button', { name: 'Next month' }));
    await clock.user.click(screen.getByRole('button', { name: '15' }));
    expect(screen.getByText(/now pick your last day\.$/)).toBeVisible();
    expect(screen.getByRole('button', { name: 'Select dates to continue' })).toBeDisabled();
    await clock.user.click(screen.getByRole('button', { name: '18' }));
    await clock.user.click(screen.getByRole('button', { name: 'Confirm dates' }));
    await question('What is your budget?');
  });

  it('summary: Edit jumps back to the step, and the new answer returns straight to the summary', async () => {
    stubApi({ 'GET /api/places/cities': { body: { cities: [] } } });
    renderFlow();
    await clock.user.type(screen.getByRole('combobox', { name: 'Destination city' }), 'Lisbon{Enter}');
    await answerRest();
    expect(summaryValue('Destination')).toBe('Lisbon');
    expect(summaryValue('Dates')).toBe('4-7 days');
    expect(summaryValue('Budget')).toBe('Moderate');
    expect(summaryValue('Interests')).toBe('Food & Dining');
    expect(summaryValue('Travel style')).toBe('Couple');

    await clock.user.click(screen.getByRole('button', { name: 'Edit destination' }));
    await stepChange();
    const city = screen.getByRole('combobox', { name: 'Destination city' });
    expect(city).toHaveValue('Lisbon');
    await clock.user.clear(city);
    await clock.user.type(city, 'Porto{Enter}');
    await stepChange();
    expect(summaryValue('Destination')).toBe('Porto');
    expect(summaryValue('Travel style')).toBe('Couple');
  });

  it('summary: a failed creation says so and keeps the answers', async () => {
    const requests = stubApi({
      'GET /api/places/cities': { body: { cities: [] } },
      'POST /api/trips': { status: 400, body: { error: 'Destination is too long' } },
    });
    const onCreated = renderFlow();
    await clock.user.type(screen.getByRole('combobox', { name: 'Destination city' }), 'Lisbon{Enter}');
    await answerRest();
    await clock.user.click(screen.getByRole('button', { name: 'Create My Trip' }));
    await pass(0);
    expect(screen.getByText('Failed to create trip. Please try again.')).toBeVisible();
    expect(screen.getByText('Destination is too long')).toBeVisible();
    expect(requests.at(-1)?.body).toMatchObject({
      destination: 'Lisbon',
      travelStyle: 'Couple',
      budgetRange: 'Moderate',
    });
    expect(onCreated).not.toHaveBeenCalled();
    expect(summaryValue('Destination')).toBe('Lisbon');
  });
});
