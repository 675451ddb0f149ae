import { STEP_CEILING_MS } from './support/step';
import type { Locator } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { appUnderTest } from './support/app';
import { VIEWPORTS } from './support/browser';
import { activate, focusStop, hasFocus, tabTo, typeInto, type FocusStop } from './support/keyboard';
import { questionStepSettled } from './support/question-flow';
import { apiLogin, createTrip, inviteAndAccept } from './support/seed';
import { registerAccount } from './support/server';

const WAIT = { timeout: STEP_CEILING_MS };

/** A date as the drag announcements say it: "Monday, March 8". */
const spoken = (isoDate: string) =>
  new Date(`${isoDate}T12:00:00`).toLocaleDateString('en-US', {
    weekday: 'long',
    month: 'long',
    day: 'numeric',
  });

/** Every stop on the way had a focus indicator a sighted keyboard user can see. */
const expectVisibleFocus = (path: FocusStop[]) =>
  expect(path.filter((stop) => !stop.visible).map((stop) => stop.name)).toEqual([]);

/**
 * The suite's flows once more with the keyboard alone: after each page load only key presses drive the app, and
 * locators are used to find what should have focus and to read what the page shows.
 */
describe('every flow with the keyboard alone', () => {
  const app = appUnderTest();
  const newPage = (token?: string, viewport: { width: number; height: number } = VIEWPORTS.desktop) =>
    app.newPage({ token, viewport });

  /** A signed-in user with a trip that already has plans (so the guide adds none), and the API to inspect it. */
  async function tripWithPlans(plans: Array<{ day: number; title: string; category: string }>) {
    const session = await apiLogin(app.server.baseUrl, await registerAccount(app.server.baseUrl, 'kai'));
    const { id } = await createTrip(app.server.baseUrl, session.token, 'Porto');
    const api = async <T>(method: string, path: string, body?: unknown): Promise<T> => {
      const res = await fetch(`${app.server.baseUrl}/api${path}`, {
        method,
        headers: { authorization: `Bearer ${session.token}`, 'content-type': 'application/json' },
        body: body === undefined ? undefined : JSON.stringify(body),
      });
      if (!res.ok) throw new Error(`${method} ${path}: ${res.status} ${await res.text()}`);
      return (await res.json()) as T;
    };
    const { start_date } = await api<{ start_date: string }>('GET', `/trips/${id}`);
    const dayDate = (day: number) =>
      new Date(Date.parse(`${start_date}T00:00:00Z`) + (day - 1) * 86_400_000).toISOString().slice(0, 10);
    await api('POST', `/trips/${id}/daily-plans/bulk`, {
      plans: plans.map((p) => ({ plan_date: dayDate(p.day), category: p.category, title: p.title })),
    });
    const plansByDay = async () => {
      const trip = await api<{ daily_plans: Array<{ title: string; plan_date: string }> }>(
        'GET',
        `/trips/${id}`,
      );
      return Object.fromEntries(trip.daily_plans.map((p) => [p.title, p.plan_date]));
    };
    return { session, tripId: id, dayDate, plansByDay };
  }

  it('signs up and logs in from the header links, and logs out through the user menu', async () => {
    const page = await newPage();
    const tag = `${Date.now().toString(36)}${Math.floor(Math.random() * 1e4)}`;
    const email = `keys.${tag}@example.com`;
    await page.goto('/');

    const signUp = page.getByRole('link', { name: 'Sign Up' });
    expectVisibleFocus(await tabTo(page, signUp));
    await page.keyboard.press('Enter');
    await page.getByRole('heading', { name: 'Create your account' }).waitFor(WAIT);
    await typeInto(page, page.getByLabel('Username'), `keys_${tag}`);
    await typeInto(page, page.getByLabel('First name'), 'kai');
    await typeInto(page, page.getByLabel('Last name'), 'keys');
    await typeInto(page, page.getByLabel('Email'), email);
    await typeInto(page, page.getByLabel('Password'), 'a long enough password');
    await page.keyboard.press('Enter'); // submits the form from its last field

    await page.getByText('Account created successfully! Please log in to start your journey.').waitFor(WAIT);
    expect(await page.getByLabel('Email').inputValue()).toBe(email);
    const password = page.getByLabel('Password');
    const loginPath = await tabTo(page, password);
    expectVisibleFocus(loginPath);
    await page.keyboard.type('a long enough password');
    expectVisibleFocus(await tabTo(page, page.getByRole('button', { name: 'Log in' })));
    await page.keyboard.press('Enter');

    const userMenu = page.getByRole('button', { name: 'Kai' });
    await userMenu.waitFor(WAIT);
    expect(new URL(page.url()).pathname).toBe('/');
    const setting = page.getByRole('menuitem', { name: 'Who can add me to a trip' });
    const paymentDetails = page.getByRole('menuitem', { name: 'Payment details' });
    const logout = page.getByRole('menuitem', { name: 'Logout' });
    // Enter opens the menu onto its first item; Escape closes it back onto the button; ArrowDown reopens it, and
    // moves on through Payment details to Logout.
    await activate(page, userMenu);
    expect(await hasFocus(setting)).toBe(true);
    await page.keyboard.press('Escape');
    expect(await logout.isVisible()).toBe(false);
    expect(await hasFocus(userMenu)).toBe(true);
    await page.keyboard.press('ArrowDown');
    await logout.waitFor({ state: 'visible', ...WAIT });
    expect(await hasFocus(setting)).toBe(true);
    await page.keyboard.press('ArrowDown');
    expect(await hasFocus(paymentDetails)).toBe(true);
    await page.keyboard.press('ArrowDown');
    expect(await hasFocus(logout)).toBe(true);
    await page.keyboard.press('Enter');
    await signUp.waitFor(WAIT);
    expect(await page.evaluate(() => localStorage.getItem('token'))).toBeNull();

    await activate(page, page.getByRole('link', { name: 'Login', exact: true }));
    await page.getByRole('heading', { name: 'Welcome Back!' }).waitFor(WAIT);
    await typeInto(page, page.getByLabel('Email'), email);
    await typeInto(page, page.getByLabel('Password'), 'a long enough password');
    await page.keyboard.press('Enter');
    await userMenu.waitFor(WAIT);
  });

  it('opens the phone menu, closes it with Escape, and follows its links', async () => {
    const page = await newPage(undefined, VIEWPORTS.phone);
    await page.goto('/');
    const toggle = page.getByRole('button', { name: 'Menu' });
    expectVisibleFocus(await activate(page, toggle));
    expect(await toggle.getAttribute('aria-expanded')).toBe('true');
    const login = page.getByRole('link', { name: 'Login', exact: true });
    expectVisibleFocus(await tabTo(page, login));
    await page.keyboard.press('Escape');
    expect(await toggle.getAttribute('aria-expanded')).toBe('false');
    expect(await hasFocus(toggle)).toBe(true);
    await page.keyboard.press('Enter');
    await activate(page, page.getByRole('link', { name: 'Sign Up' }));
    await page.getByRole('heading', { name: 'Create your account' }).waitFor(WAIT);
    expect(await toggle.getAttribute('aria-expanded')).toBe('false');
  });

  it('walks the question flow with a calendar range, then a flexible duration, and lands on a planned trip', async () => {
    const session = await apiLogin(app.server.baseUrl, await registerAccount(app.server.baseUrl, 'lia'));
    const page = await newPage(session.token);
    await page.goto('/');
    const homePath = await tabTo(page, page.getByRole('button', { name: 'Continue' }));
    expectVisibleFocus(homePath);
    await page.keyboard.press('Enter');

    const dialog = page.getByRole('dialog', { name: 'Plan your trip' });
    const city = dialog.getByRole('combobox', { name: 'Destination city' });
    await city.waitFor(WAIT);
    expect(await hasFocus(city)).toBe(true);
    await page.keyboard.type('lisb');
    const lisbon = dialog.getByRole('option', { name: /^Lisbon/ }).first();
    await lisbon.waitFor(WAIT);
    await page.keyboard.press('ArrowDown');
    expect(await lisbon.getAttribute('aria-selected')).toBe('true');
    expect(await city.getAttribute('aria-activedescendant')).toBe(await lisbon.getAttribute('id'));
    await page.keyboard.press('Enter');

    // The flow ignores answers while a step slides in or out: a person waits too.
    const answer = async (target: Locator, key: 'Enter' | 'Space' = 'Enter') => {
      await target.waitFor({ state: 'visible', ...WAIT });
      await questionStepSettled(page, WAIT.timeout);
      return activate(page, target, key);
    };

    // A range on the calendar: next month, then a first and a last day, each chosen with Enter.
    const monthName = dialog.locator('.rdrMonthName');
    const thisMonth = await monthName.textContent();
    await answer(dialog.getByRole('button', { name: 'Next month' }));
    await expect.poll(() => monthName.textContent()).not.toBe(thisMonth);
    const days = dialog.locator('.rdrMonth button.rdrDay:not(.rdrDayPassive):not(.rdrDayDisabled)');
    expectVisibleFocus(await answer(days.nth(9)));
    await dialog.getByText(/now pick your last day/).waitFor(WAIT);
    await answer(days.nth(12));
    await answer(dialog.getByRole('button', { name: 'Confirm dates' }));

    await answer(dialog.getByRole('button', { name: /^Moderate/ }));
    await answer(dialog.getByRole('button', { name: 'Food & Dining' }), 'Space');
    await answer(dialog.getByRole('button', { name: 'Culture & History' }), 'Space');
    expect(await dialog.getByRole('button', { name: 'Culture & History' }).getAttribute('aria-pressed')).toBe(
      'true',
    );
    await answer(dialog.getByRole('button', { name: 'Continue' }));
    await answer(dialog.getByRole('button', { name: 'Couple' }));
    await dialog.getByText('Ready to create your trip?').waitFor(WAIT);
    expect(await dialog.locator('dd').allTextContents()).toEqual([
      'Lisbon, Portugal',
      expect.stringMatching(/\d/),
      'Moderate',
      'Culture & History, Food & Dining', // in the options' order
      'Couple',
    ]);

    // Edit the dates: a flexible duration this time, and the flow returns to the summary.
    await answer(dialog.getByRole('button', { name: 'Edit dates' }));
    await answer(dialog.getByRole('button', { name: '4-7 days' }));
    await dialog.getByText('Ready to create your trip?').waitFor(WAIT);
    expect(await dialog.getByText('4-7 days', { exact: true }).isVisible()).toBe(true);

    await answer(dialog.getByRole('button', { name: 'Create My Trip' }));
    await page.waitForURL(/\/trips\/[\w-]+$/, WAIT);
    await page.getByRole('heading', { level: 1, name: 'Trip to Lisbon' }).waitFor(WAIT);
    // The guide's itinerary becomes the first day's plans a second later.
    await page.locator('section[data-date]').first().locator('li').first().waitFor(WAIT);
  });

  it('moves a plan to another day, removes one and adds one on the trip page', async () => {
    const { session, tripId, dayDate, plansByDay } = await tripWithPlans([
      { day: 1, title: 'Ribeira walk', category: 'Activity' },
      { day: 1, title: 'Francesinha', category: 'Restaurant' },
    ]);
    const page = await newPage(session.token);
    await page.goto(`/trips/${tripId}`);
    const handle = (title: string) => page.getByRole('button', { name: new RegExp(`^${title} `) });
    const day = (n: number) => page.locator(`section[data-date="${dayDate(n)}"]`);

    // Pick up with Space, one arrow press per day, drop with Space; the live region says where it is.
    const tripPath = await tabTo(page, handle('Ribeira walk'));
    expectVisibleFocus(tripPath);
    const moved = page.waitForResponse(
      (r) => r.url().includes('/daily-plans/') && r.request().method() === 'PUT',
    );
    await page.keyboard.press('Space');
    await page.getByText(`Ribeira walk is over ${spoken(dayDate(1))}.`).waitFor(WAIT);
    await page.keyboard.press('ArrowDown');
    await page.getByText(`Ribeira walk is over ${spoken(dayDate(2))}.`).waitFor(WAIT);
    await page.keyboard.press('Space');
    expect((await moved).status()).toBe(200);
    await day(2).getByText('Ribeira walk').waitFor(WAIT);
    expect((await plansByDay())['Ribeira walk']).toBe(dayDate(2));
    // The focus follows the plan to its new day (not the page's start): the next key goes on from there.
    const movedHandle = await handle('Ribeira walk').elementHandle();
    expect(await movedHandle?.evaluate((el) => el.closest('section')?.dataset.date)).toBe(dayDate(2));
    await page.waitForFunction((el) => el === document.activeElement, movedHandle, WAIT);

    const removed = page.waitForResponse(
      (r) => r.url().includes('/daily-plans/') && r.request().method() === 'DELETE',
    );
    await tabTo(page, page.getByRole('button', { name: 'Remove Francesinha' }), { backwards: true });
    await page.keyboard.press('Enter');
    expect((await removed).status()).toBe(204);
    await day(1).getByText('Drop plans here or add new ones').waitFor(WAIT);
    // The emptied day keeps the focus (its heading), rather than the page body.
    expect(await page.evaluate(() => document.activeElement?.tagName)).toBe('H3');

    // The form: Enter opens it, arrows choose the day and the category, the title is typed.
    const toggle = page.getByRole('button', { name: 'Add New Plan' });
    await activate(page, toggle);
    expect(await toggle.getAttribute('aria-expanded')).toBe('true');
    const dayField = page.getByLabel('Day', { exact: true });
    await tabTo(page, dayField);
    await page.keyboard.press('ArrowDown');
    expect(await dayField.inputValue()).toBe(dayDate(2));
    await tabTo(page, page.getByRole('radio', { name: 'Hotel' }));
    await page.keyboard.press('ArrowRight');
    expect(await page.getByRole('radio', { name: 'Restaurant' }).isChecked()).toBe(true);
    expect((await focusStop(page)).visible).toBe(true);
    await typeInto(page, page.getByLabel('Title'), 'Dinner at Cantinho');
    await activate(page, page.getByRole('button', { name: 'Add Plan', exact: true }));
    await page.getByText('Plan Added Successfully!').waitFor(WAIT);
    await day(2).getByText('Dinner at Cantinho').waitFor(WAIT);
    expect(await plansByDay()).toEqual({ 'Ribeira walk': dayDate(2), 'Dinner at Cantinho': dayDate(2) });
  });

  it('reaches the split page, adds an expense, calculates settlements and marks one paid', async () => {
    const { session, tripId } = await tripWithPlans([
      { day: 1, title: 'Bolhão market', category: 'Attraction' },
    ]);
    const bea = await registerAccount(app.server.baseUrl, 'bea');
    const beaSession = await apiLogin(app.server.baseUrl, bea);
    await inviteAndAccept(app.server.baseUrl, tripId, session.token, {
      token: beaSession.token,
      username: bea.username,
    });

    const page = await newPage(session.token);
    await page.goto(`/trips/${tripId}`);
    await activate(page, page.getByRole('link', { name: 'Trip Split' }));
    await page.waitForURL(`**/trips/${tripId}/split`, WAIT);
    await page.getByRole('status').filter({ hasText: 'Live' }).waitFor(WAIT);

    // One Tab stop for the tab list; the arrows move between its tabs.
    const tab = (name: string) => page.getByRole('tab', { name: new RegExp(`^${name}`) });
    expectVisibleFocus(await tabTo(page, tab('Participants')));
    // A refused add leaves focus on its button (busy while the request is out, but never disabled, so the focus is
    // not dropped to the page), with the reason beside it.
    await typeInto(page, page.getByLabel('Email or username'), 'nobody_by_that_name');
    const addParticipant = page.getByRole('button', { name: 'Add Participant' });
    await activate(page, addParticipant);
    await page.getByText('No user found with that username').waitFor(WAIT);
    expect(await hasFocus(addParticipant)).toBe(true);
    await tabTo(page, tab('Participants'), { backwards: true });
    await page.keyboard.press('ArrowRight');
    expect(await hasFocus(tab('Expenses'))).toBe(true);
    expect(await tab('Expenses').getAttribute('aria-selected')).toBe('true');

    const addExpense = page.getByRole('button', { name: 'Add Expense' });
    await activate(page, addExpense);
    const dialog = page.getByRole('dialog', { name: 'Add Expense' });
    await typeInto(page, dialog.getByLabel('Title'), 'Dinner by the river');
    await typeInto(page, dialog.getByLabel('Amount ($)'), '90');
    const saved = page.waitForResponse(
      (r) => r.url().endsWith(`/trips/${tripId}/expenses`) && r.request().method() === 'POST',
    );
    await activate(page, dialog.getByRole('button', { name: 'Add Expense' }));
    expect((await saved).status()).toBe(201);
    await page.getByRole('list', { name: 'Expenses' }).getByText('Dinner by the river').waitFor(WAIT);
    await dialog.waitFor({ state: 'hidden', ...WAIT });
    expect(await hasFocus(addExpense)).toBe(true); // focus returns to what opened the form

    await tabTo(page, tab('Expenses'), { backwards: true });
    await page.keyboard.press('ArrowRight');
    expect(await tab('Settlements').getAttribute('aria-selected')).toBe('true');
    // The calculation is held until its busy button has been seen: focus stays on it while it is busy and after,
    // and a second Enter while busy sends nothing.
    const calculate = page.getByRole('button', { name: 'Calculate Settlements' });
    let calculations = 0;
    let letThrough = () => {};
    const seen = new Promise<void>((resolve) => (letThrough = resolve));
    await page.route('**/settlements/calculate', async (route) => {
      calculations += 1;
      await seen;
      await route.continue();
    });
    await activate(page, calculate);
    const busy = page.getByRole('button', { name: 'Calculating...' });
    await busy.waitFor(WAIT);
    expect(await hasFocus(busy)).toBe(true);
    expect(await busy.getAttribute('aria-disabled')).toBe('true');
    await page.keyboard.press('Enter');
    letThrough();
    await page.getByText('Bea pays Kai $45.00').waitFor(WAIT);
    expect(await hasFocus(calculate)).toBe(true);
    expect(calculations).toBe(1);

    // The confirmation is the browser's own dialog, which takes Enter for OK.
    const confirms: string[] = [];
    page.once('dialog', (d) => {
      confirms.push(d.message());
      void d.accept();
    });
    await activate(page, page.getByRole('button', { name: 'Mark as Paid: Bea pays Kai $45.00' }));
    await page.getByText('All Settled!').waitFor(WAIT);
    expect(confirms).toEqual(['Mark this settlement as paid?']);

    // The overview's Add Friend dialog: a refused add leaves focus on its button, inside the dialog's focus trap.
    await page.goto('/trip-split');
    await activate(page, page.getByRole('button', { name: 'Show details' }));
    await activate(page, page.getByRole('button', { name: 'Add Friend' }));
    const friendDialog = page.getByRole('dialog', { name: 'Add Friend' });
    await typeInto(page, friendDialog.getByLabel('Email or username'), 'nobody_by_that_name');
    const addFriend = friendDialog.getByRole('button', { name: 'Add Participant' });
    await activate(page, addFriend);
    await friendDialog.getByText('No user found with that username').waitFor(WAIT);
    expect(await hasFocus(addFriend)).toBe(true);
  });
});
