import { STEP_CEILING_MS } from './support/step';
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TripView } from '@wayfare/contract';
import { startGeminiStandIn, type GeminiStandIn } from '../functions/test-support/gemini-stand-in';
import { appUnderTest } from './support/app';
import { animationsSettled, screenshot, VIEWPORTS } from './support/browser';
import { clickAnswer } from './support/question-flow';

const WAIT = { timeout: STEP_CEILING_MS };

type AppUnderTest = ReturnType<typeof appUnderTest>;

/** Signs up through the UI and logs in from Home's Continue, which comes back with the flow open. */
async function signUpAndOpenFlow(
  app: AppUnderTest,
  viewport: { width: number; height: number },
): Promise<Page> {
  const page = await app.newPage({ viewport });
  const tag = `${Date.now().toString(36)}${Math.floor(Math.random() * 1e4)}`;
  await page.goto('/signup');
  await page.getByLabel('Username').fill(`flow_${tag}`);
  await page.getByLabel('First name').fill('ana');
  await page.getByLabel('Last name').fill('lopes');
  await page.getByLabel('Email').fill(`flow.${tag}@example.com`);
  await page.getByLabel('Password').fill('a long enough password');
  await page.getByRole('button', { name: 'Create account' }).click();
  await page.waitForURL('**/login', WAIT);

  await page.goto('/');
  await page.getByRole('button', { name: 'Continue' }).click();
  await page.waitForURL('**/login', WAIT);
  await page.getByText('Please log in to start planning your trip').waitFor(WAIT);
  await page.getByLabel('Email').fill(`flow.${tag}@example.com`);
  await page.getByLabel('Password').fill('a long enough password');
  await page.getByRole('button', { name: 'Log in' }).click();
  await page.getByRole('dialog', { name: 'Plan your trip' }).waitFor(WAIT);
  return page;
}

const progress = (page: Page) => page.getByRole('progressbar').getAttribute('aria-valuetext');

async function pickDestination(page: Page, typed: string, city: string) {
  expect(await progress(page)).toBe('1 of 6');
  await page.getByRole('combobox', { name: 'Destination city' }).fill(typed);
  const option = page.getByRole('option', { name: new RegExp(`^${city}`) }).first();
  await option.waitFor(WAIT);
  await screenshot(page, `question-flow-suggestions-${typed}`);
  await clickAnswer(page, option, WAIT.timeout);
  await page.getByRole('button', { name: 'Select dates to continue' }).waitFor(WAIT);
  expect(await progress(page)).toBe('2 of 6');
  // The new step takes focus (a control in the flow), also while its calendar is still loading.
  await page.waitForFunction(() => document.activeElement?.closest('dialog[open]'), undefined, WAIT);
}

async function finishChoices(page: Page, name: string) {
  await clickAnswer(page, page.getByRole('button', { name: 'Moderate' }), WAIT.timeout);
  await page.getByRole('button', { name: 'Food & Dining' }).waitFor(WAIT);
  expect(await progress(page)).toBe('4 of 6');
  await clickAnswer(page, page.getByRole('button', { name: 'Food & Dining' }), WAIT.timeout);
  await page.getByRole('button', { name: 'Culture & History' }).click();
  await page.getByRole('dialog').getByRole('button', { name: 'Continue' }).click();
  await clickAnswer(page, page.getByRole('button', { name: 'Couple' }), WAIT.timeout);
  await page.getByText('Ready to create your trip?').waitFor(WAIT);
  expect(await progress(page)).toBe('6 of 6');
  await animationsSettled(page.getByRole('dialog')); // the entrance animation, finished before the picture
  // Every Edit keeps its pencil whole, also beside an answer that wraps onto two lines (interests on a phone).
  const pencils = page.getByRole('button', { name: /^Edit / }).locator('svg');
  expect(
    new Set(await pencils.evaluateAll((icons) => icons.map((icon) => icon.getBoundingClientRect().width))),
  ).toEqual(new Set([16]));
  await screenshot(page, `question-flow-summary-${name}`);
}

/**
 * One second after the trip page shows a guide, its itinerary becomes daily plans through the bulk endpoint: waits
 * for the page to say they were added, then reads the trip as the server has it.
 */
async function plansAdded(app: AppUnderTest, page: Page): Promise<TripView> {
  await page.getByRole('status').filter({ hasText: 'Added to daily plans!' }).waitFor(WAIT);
  const tripId = new URL(page.url()).pathname.split('/').pop() as string;
  const token = await page.evaluate(() => localStorage.getItem('token'));
  const res = await fetch(`${app.server.baseUrl}/api/trips/${tripId}`, {
    headers: { authorization: `Bearer ${token}` },
  });
  return (await res.json()) as TripView;
}

/**
 * The dates step on a phone: today's date is readable before anything is picked, the month arrows are thumb-sized
 * (44 px), and one month fits a 360 px phone whole (no day column cut off behind a sideways scroll).
 */
async function checkPhoneCalendar(page: Page) {
  const calendar = page.getByRole('dialog').locator('.rdrCalendarWrapper');
  const textColour = await calendar.evaluate((el) => getComputedStyle(el).color);
  const today = calendar.locator('.rdrDayToday .rdrDayNumber span');
  expect(await today.evaluate((el) => getComputedStyle(el).color)).toBe(textColour);
  for (const name of ['Previous month', 'Next month']) {
    const box = await page.getByRole('button', { name }).boundingBox();
    expect(Math.min(box?.width ?? 0, box?.height ?? 0)).toBeGreaterThanOrEqual(44);
  }
  const viewport = page.viewportSize();
  await page.setViewportSize({ width: 360, height: 740 });
  const overflowing = await calendar.evaluate((el) => {
    const cut: string[] = [];
    for (let box = el.parentElement; box && box.tagName !== 'DIALOG'; box = box.parentElement) {
      if (box.scrollWidth > box.clientWidth) cut.push(box.className);
    }
    return cut;
  });
  expect(overflowing).toEqual([]);
  await page.getByRole('button', { name: 'Next month' }).waitFor({ state: 'visible' });
  if (viewport) await page.setViewportSize(viewport);
}

describe('creating a trip through the question flow, in a real browser', () => {
  const app = appUnderTest();

  /** Confirms the summary (unless already confirmed) and follows the new trip until its days fill with plans. */
  async function createAndSeePlans(page: Page, name: string, confirmed = false): Promise<string> {
    if (!confirmed) await page.getByRole('button', { name: 'Create My Trip' }).click();
    await page.waitForURL(/\/trips\/[\w-]+$/, WAIT);
    const tripId = new URL(page.url()).pathname.split('/').pop() as string;
    await page.getByRole('heading', { name: 'Trip to Lisbon' }).waitFor(WAIT);

    const trip = await plansAdded(app, page);
    expect(trip.recommendations_provider).toBe('offline');
    expect(trip.daily_plans.length).toBeGreaterThan(3);
    const firstTitle = trip.daily_plans.find((p) => p.day_number === 1)?.title as string;
    await page.getByText(firstTitle).first().waitFor(WAIT);
    await screenshot(page, `question-flow-trip-${name}`);
    return tripId;
  }

  it('walks the six steps with a calendar range (desktop) and lands on a trip whose days fill with plans', async () => {
    const page = await signUpAndOpenFlow(app, VIEWPORTS.desktop);
    await screenshot(page, 'question-flow-destination-desktop');
    await pickDestination(page, 'lisb', 'Lisbon');

    const confirm = page.getByRole('button', { name: 'Select dates to continue' });
    expect(await confirm.isDisabled()).toBe(true);
    // Past days are disabled; pick two days of next month.
    await page.locator('.rdrNextButton').click();
    const days = page.locator('.rdrMonth button.rdrDay:not(.rdrDayPassive):not(.rdrDayDisabled)');
    await days.nth(9).click();
    expect(await page.getByRole('button', { name: 'Select dates to continue' }).isDisabled()).toBe(true);
    await days.nth(12).click();
    await animationsSettled(page.getByRole('dialog'));
    await screenshot(page, 'question-flow-dates-desktop');
    await clickAnswer(page, page.getByRole('button', { name: 'Confirm dates' }), WAIT.timeout);
    await page.getByRole('button', { name: 'Moderate' }).waitFor(WAIT);
    expect(await progress(page)).toBe('3 of 6');
    await finishChoices(page, 'desktop');

    // Edit jumps back to the step; the next answer returns to the summary.
    await clickAnswer(page, page.getByRole('button', { name: 'Edit budget' }), WAIT.timeout);
    await clickAnswer(page, page.getByRole('button', { name: 'Luxury' }), WAIT.timeout);
    await page.getByText('Ready to create your trip?').waitFor(WAIT);
    expect(await page.getByText('Luxury', { exact: true }).isVisible()).toBe(true);

    const tripId = await createAndSeePlans(page, 'desktop');
    expect(tripId).toMatch(/\w/);
    await page.getByRole('tab', { name: 'Budget' }).waitFor(WAIT);
    await page.context().close();
  });

  it('walks the steps with a flexible duration on a phone, and closing the flow resets it', async () => {
    const page = await signUpAndOpenFlow(app, VIEWPORTS.phone);
    await page.getByRole('combobox', { name: 'Destination city' }).fill('Nowhere');
    await page.getByRole('button', { name: 'Dismiss' }).click();
    await page.getByRole('button', { name: 'Continue' }).click();
    await page.getByRole('dialog', { name: 'Plan your trip' }).waitFor(WAIT);
    expect(await page.getByRole('combobox', { name: 'Destination city' }).inputValue()).toBe('');

    await pickDestination(page, 'lisbo', 'Lisbon');
    await animationsSettled(page.getByRole('dialog'));
    await screenshot(page, 'question-flow-dates-phone');
    await checkPhoneCalendar(page);
    await clickAnswer(page, page.getByRole('button', { name: '1-3 days' }), WAIT.timeout);
    await finishChoices(page, 'phone');
    expect(await page.getByText('1-3 days', { exact: true }).isVisible()).toBe(true);

    // A failed creation says so in the flow and keeps the answers for another try.
    await page.route(
      '**/api/trips',
      (route) =>
        route.fulfill({
          status: 503,
          contentType: 'application/json',
          body: '{"error":"Service unavailable"}',
        }),
      { times: 1 },
    );
    await page.getByRole('button', { name: 'Create My Trip' }).click();
    await page.getByText('Failed to create trip. Please try again.').waitFor(WAIT);
    await screenshot(page, 'question-flow-error-phone');
    // While the trip is created the button says so: the request is held until the button has been seen.
    let letThrough = () => {};
    const seen = new Promise<void>((resolve) => (letThrough = resolve));
    await page.route(
      '**/api/trips',
      async (route) => {
        await seen;
        await route.continue();
      },
      { times: 1 },
    );
    await page.getByRole('button', { name: 'Create My Trip' }).click();
    await page.getByRole('button', { name: 'Creating Your Trip...' }).waitFor(WAIT);
    letThrough();
    await createAndSeePlans(page, 'phone', true);
    await page.context().close();
  });
});

describe('a trip whose AI guide Gemini is still writing, in a real browser', () => {
  let standIn: GeminiStandIn;
  // The server reads its env when it starts (appUnderTest's beforeAll, registered after this one).
  const server = { env: { GEMINI_API_KEY: 'e2e-key', GEMINI_TIMEOUT_MS: '30000' } as Record<string, string> };
  beforeAll(async () => {
    standIn = await startGeminiStandIn();
    server.env.GEMINI_BASE_URL = standIn.baseUrl;
  });
  afterAll(() => standIn?.close());
  const app = appUnderTest(server);

  it('opens the trip at once, shows the guide being written, then fills it and its plans in', async () => {
    const page = await signUpAndOpenFlow(app, VIEWPORTS.desktop);
    await pickDestination(page, 'Lisbon', 'Lisbon');
    await clickAnswer(page, page.getByRole('button', { name: '1-3 days' }), WAIT.timeout);
    await finishChoices(page, 'gemini');

    standIn.hold();
    await page.getByRole('button', { name: 'Create My Trip' }).click();
    // The trip opens while Gemini has not answered.
    await page.waitForURL(/\/trips\/[\w-]+$/, WAIT);
    await standIn.receivedAtLeast(1);
    const guide = page.getByRole('region', { name: 'AI Travel Guide' });
    await guide.and(page.locator('[aria-busy="true"]')).waitFor(WAIT);
    await guide.getByRole('status').filter({ hasText: 'Writing your guide…' }).waitFor(WAIT);
    await page.getByRole('heading', { name: 'Trip to Lisbon' }).waitFor(WAIT);
    await screenshot(page, 'trip-guide-writing-desktop');

    standIn.release();
    await guide.and(page.locator('[aria-busy="false"]')).waitFor(WAIT);
    await guide.getByText('Written by Google Gemini').waitFor(WAIT);
    expect(await guide.getByRole('tab').count()).toBeGreaterThan(0);
    // Then, as for any new trip, the itinerary becomes the trip's daily plans.
    const trip = await plansAdded(app, page);
    expect(trip).toMatchObject({ guide_status: 'ready', recommendations_provider: 'gemini' });
    const firstTitle = trip.daily_plans.find((p) => p.day_number === 1)?.title as string;
    await page.getByText(firstTitle).first().waitFor(WAIT);
    await screenshot(page, 'trip-guide-written-desktop');
    await page.context().close();
  });
});
