import { beforeAll, describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { appUnderTest, openSplit } from './support/app';
import { seriousViolations } from './support/axe';
import { animationsSettled, screenshot, VIEWPORTS } from './support/browser';
import { apiLogin, createTrip, inviteAndAccept, postExpense, tripOfAnaAndBea } from './support/seed';
import { registerAccount } from './support/server';

/** Changes arrive through the live stream, with no reload; how fast is a figure of bench/live.ts, not a test limit. */
const LIVE_WAIT_MS = 30_000;

/**
 * Where a split tab sits in its sideways-scrolling row: fully inside it, and clear of the fade (Tabs.module.css's
 * --tabs-fade) at each end that has more tabs out of sight.
 */
async function tabInRow(page: Page, name: string | RegExp) {
  const row = page.getByRole('tablist', { name: 'Trip split' });
  const [box, tab, more, fade] = await Promise.all([
    row.boundingBox(),
    page.getByRole('tab', { name }).boundingBox(),
    row.getAttribute('data-more'),
    row.evaluate((element) => parseFloat(getComputedStyle(element).scrollPaddingLeft)),
  ]);
  if (!box || !tab) return null;
  const [left, right] = [tab.x - box.x, box.x + box.width - (tab.x + tab.width)];
  const faded = (end: 'start' | 'end') => more === end || more === 'both';
  return {
    inside: left >= -0.5 && right >= -0.5,
    clearOfFade: (!faded('start') || left >= fade - 0.5) && (!faded('end') || right >= fade - 0.5),
  };
}

describe('group expense splitting, live across two browsers', () => {
  const app = appUnderTest();
  let tripId: string;
  let tripName: string;
  let ana: { token: string; userId: string };
  let bea: { token: string; userId: string };
  let beaUsername: string;

  beforeAll(async () => {
    const { trip, ...members } = await tripOfAnaAndBea(app.server.baseUrl);
    ({ ana, bea } = members);
    beaUsername = members.bea.username;
    ({ id: tripId, name: tripName } = trip);
  });

  /**
   * A page signed in as the given session. bypassCSP: the app's CSP rightly refuses the inline axe script the
   * accessibility check injects. No service worker: page.route (the failure cases) cannot see the requests one makes.
   */
  const signedIn = (token: string, viewport: { width: number; height: number }, locale = 'en-US') =>
    app.newPage({ token, viewport, locale, bypassCSP: true });

  it("shows one member's expense on the other's open page within a second, then settles it", async () => {
    const anaPage = await signedIn(ana.token, VIEWPORTS.desktop);
    const beaPage = await signedIn(bea.token, VIEWPORTS.phone);
    for (const page of [anaPage, beaPage]) await openSplit(page, tripId);
    const participants = beaPage.getByRole('list', { name: 'Participants' });
    await expect.poll(() => participants.getByRole('listitem').count()).toBe(2);
    expect(await participants.getByText('Trip Owner').count()).toBe(1);
    expect(await seriousViolations(beaPage)).toEqual([]);
    await screenshot(anaPage, 'split-participants-1280');
    await screenshot(beaPage, 'split-participants-390');

    // Blank add-participant input: the spec's message, from the client.
    await anaPage.getByRole('button', { name: 'Add Participant' }).click();
    await anaPage.getByText('Provide an email or a username').waitFor();

    await beaPage.getByRole('tab', { name: /Expenses/ }).click();
    await beaPage.getByText('No expenses yet. Add the first one.').waitFor();

    await anaPage.getByRole('tab', { name: /Expenses/ }).click();
    await anaPage.getByRole('button', { name: 'Add Expense' }).click();
    const dialog = anaPage.getByRole('dialog', { name: 'Add Expense' });
    await dialog.getByLabel('Title').fill('Dinner at Time Out Market');
    await dialog.getByLabel('Amount ($)').fill('90');
    await animationsSettled(dialog);
    expect(await seriousViolations(anaPage)).toEqual([]);
    await screenshot(anaPage, 'split-expense-form-1280');
    const saved = anaPage.waitForResponse(
      (r) => r.url().endsWith(`/trips/${tripId}/expenses`) && r.request().method() === 'POST',
    );
    await dialog.getByRole('button', { name: 'Add Expense' }).click();
    expect((await saved).status()).toBe(201);

    // Bea did nothing: the expense arrives on her open page through the live stream.
    await beaPage.getByText('Dinner at Time Out Market').waitFor({ timeout: LIVE_WAIT_MS });
    await beaPage.getByText('$45.00').first().waitFor();
    await screenshot(beaPage, 'split-expenses-390');
    await screenshot(anaPage, 'split-expenses-1280');

    // Bea calculates; the pending settlement shows on both pages.
    await beaPage.getByRole('tab', { name: /Settlements/ }).click();
    await anaPage.getByRole('tab', { name: /Settlements/ }).click();
    // Chosen while cut at the phone row's edge: scrolled fully in, clear of the fade over Budget and History.
    await expect.poll(() => tabInRow(beaPage, /Settlements/)).toEqual({ inside: true, clearOfFade: true });
    await beaPage.getByRole('button', { name: 'Calculate Settlements' }).click();
    await beaPage.getByText('Bea pays Ana $45.00').waitFor();
    await anaPage.getByText('Bea pays Ana $45.00').waitFor({ timeout: LIVE_WAIT_MS });
    expect(await seriousViolations(beaPage)).toEqual([]);
    await screenshot(beaPage, 'split-settlements-390');

    let confirmText = '';
    beaPage.once('dialog', (d) => {
      confirmText = d.message();
      void d.accept();
    });
    await beaPage.getByRole('button', { name: /Mark as Paid/ }).focus();
    await beaPage.keyboard.press('Enter');
    await beaPage.getByText('All Settled!').waitFor();
    expect(confirmText).toBe('Mark this settlement as paid?');
    // The button is gone: focus stays on its row, which now says it is paid.
    const paidRow = beaPage.getByRole('list', { name: 'Settlements' }).getByRole('listitem').first();
    await paidRow.getByText(/Paid [A-Z][a-z]{2} \d+/).waitFor();
    await expect.poll(() => paidRow.evaluate((row) => row.contains(document.activeElement))).toBe(true);
    await anaPage.getByText('All Settled!').waitFor({ timeout: LIVE_WAIT_MS });
    await screenshot(anaPage, 'split-settled-1280');

    // At 390 px the five tabs scroll sideways: the end with tabs out of sight fades, and History, once chosen, is
    // fully inside the row (whose start then has the tabs out of sight). At 1280 px all fit: no fade.
    const beaTabs = beaPage.getByRole('tablist', { name: 'Trip split' });
    expect(await beaTabs.getAttribute('data-more')).toMatch(/^(end|both)$/);
    expect(await anaPage.getByRole('tablist', { name: 'Trip split' }).getAttribute('data-more')).toBe('none');
    await beaPage.getByRole('tab', { name: 'History' }).click();
    await expect.poll(() => beaTabs.getAttribute('data-more')).toBe('start');
    expect(await tabInRow(beaPage, 'History')).toEqual({ inside: true, clearOfFade: true });
    await beaPage.getByRole('list', { name: 'History, newest first' }).waitFor();
    await screenshot(beaPage, 'split-history-390');
  });

  it('reads an amount typed with a decimal comma in a German browser and shows it the German way', async () => {
    const { id: trip } = await createTrip(app.server.baseUrl, ana.token, 'Berlin');
    const page = await signedIn(ana.token, VIEWPORTS.desktop, 'de-DE');
    await openSplit(page, trip);
    await page.getByRole('tab', { name: /Expenses/ }).click();
    await page.getByRole('button', { name: 'Add Expense' }).click();
    const dialog = page.getByRole('dialog', { name: 'Add Expense' });
    await dialog.getByLabel('Title').fill('Currywurst');
    await dialog.getByLabel('Amount ($)').fill('15,38');
    const saved = page.waitForResponse(
      (r) => r.url().endsWith(`/trips/${trip}/expenses`) && r.request().method() === 'POST',
    );
    await dialog.getByRole('button', { name: 'Add Expense' }).click();
    expect((await saved).status()).toBe(201);

    const listed = await fetch(`${app.server.baseUrl}/api/trip-split/trips/${trip}/expenses`, {
      headers: { authorization: `Bearer ${ana.token}` },
    });
    const { expenses } = (await listed.json()) as {
      expenses: Array<{ title: string; amount_cents: number }>;
    };
    expect(expenses.map((e) => [e.title, e.amount_cents])).toEqual([['Currywurst', 1538]]);
    const german = new Intl.NumberFormat('de-DE', { style: 'currency', currency: 'USD' }).format(15.38);
    expect(german).toBe('15,38\u00a0$');
    await page.getByText(german).first().waitFor();

    // Editing shows the stored amount as typed in German, and reads it back to the same cents.
    await page.getByRole('button', { name: 'Edit Currywurst' }).click();
    const edit = page.getByRole('dialog', { name: /Edit Expense/ });
    expect(await edit.getByLabel('Amount ($)').inputValue()).toBe('15,38');
  });

  it('shows the overview with the trip card, your share and the add-expense modal', async () => {
    for (const [name, viewport] of Object.entries(VIEWPORTS)) {
      const page = await signedIn(bea.token, viewport);
      await page.goto('/trip-split');
      await page.getByRole('heading', { name: tripName }).waitFor();
      await page.getByText('Participant', { exact: true }).waitFor();
      await page.getByRole('button', { name: 'Show details' }).click();
      await page.getByText('Your share').waitFor();
      await page.getByText('$45.00').first().waitFor();
      expect(await seriousViolations(page)).toEqual([]);
      await screenshot(page, `overview-${name}`);

      // Added by username, a friend is a participant at once (unless their own setting asks for an invitation,
      // which the form then says): the dialog does not promise they join only once they accept.
      await page.getByRole('button', { name: 'Add Friend' }).click();
      const friend = page.getByRole('dialog', { name: 'Add Friend' });
      await friend.getByText(`Add a friend to ${tripName} by email or username.`).waitFor();
      await page.keyboard.press('Escape');
      await friend.waitFor({ state: 'detached' });

      await page.getByRole('button', { name: 'Add Expense' }).click();
      const dialog = page.getByRole('dialog', { name: 'Add Expense' });
      const submit = dialog.getByRole('button', { name: 'Add Expense' });
      await dialog.getByText('Please fill in all required fields (title, amount, and who paid)').waitFor();
      expect(await submit.isDisabled()).toBe(true);
      await dialog.getByLabel('Title').fill('Tram tickets');
      await dialog.getByLabel('Amount ($)').fill('12');
      await dialog.getByText('Custom amounts').click();
      await dialog.getByText('Enter custom amounts').waitFor();
      await dialog.getByLabel(/Amount for Ana/).fill('5');
      await dialog.getByText('Split does not add up to total yet').waitFor();
      expect(await submit.isDisabled()).toBe(true);
      await dialog.getByLabel(/Amount for Bea/).fill('7');
      await dialog.getByText('Split adds up to $12.00').waitFor();
      await animationsSettled(dialog);
      expect(await seriousViolations(page)).toEqual([]);
      await screenshot(page, `overview-add-expense-${name}`);
      if (name === 'desktop') {
        await submit.click();
        await page.getByText('Tram tickets').waitFor();

        // Spec §4: the settlements were calculated (and paid) before the tram; opening the card's Settlements tab
        // recalculates, so the new amount shows with no press on Calculate Settlements.
        const card = page.getByRole('article').filter({ has: page.getByRole('heading', { name: tripName }) });
        const calculated = () =>
          page.waitForResponse(
            (r) =>
              r.url().endsWith(`/trips/${tripId}/settlements/calculate`) && r.request().method() === 'POST',
          );
        let answered = calculated();
        await card.getByRole('tab', { name: /Settlements/ }).click();
        expect((await answered).status()).toBe(200);
        const pending = card.getByRole('listitem').filter({ hasText: 'Pending' });
        await pending.getByText('Ana pays Bea $5.00').waitFor();
        await card.getByText('Bea pays Ana $45.00').waitFor();
        // Read once the recalculation is in (the button is itself again), not while the list is marked busy.
        await card.getByRole('button', { name: 'Calculate Settlements' }).waitFor();
        expect(await seriousViolations(page)).toEqual([]);
        await screenshot(page, 'overview-settlements-desktop');
        // Opened again with nothing changed: recalculated, and the same one transfer is shown.
        await card.getByRole('tab', { name: /Expenses/ }).click();
        answered = calculated();
        await card.getByRole('tab', { name: /Settlements/ }).click();
        expect((await answered).status()).toBe(200);
        await card.getByRole('button', { name: 'Calculate Settlements' }).waitFor();
        expect(await pending.allTextContents()).toEqual([expect.stringContaining('Ana pays Bea $5.00')]);
      } else {
        await dialog.getByRole('button', { name: 'Cancel' }).click();
      }
    }
  });
  it('keeps a five-digit total inside its stat box on the overview at 360px', async () => {
    const { id: villaTrip, startDate } = await createTrip(app.server.baseUrl, ana.token);
    const villa = await postExpense(app.server.baseUrl, ana.token, villaTrip, {
      title: 'Villa for the week',
      amount: '12345.67',
      expense_date: startDate,
      paid_by: ana.userId,
    });
    expect(villa.status).toBe(201);
    const page = await signedIn(ana.token, { width: 360, height: 740 });
    await page.goto('/trip-split');
    await page.getByText('$12,345.67').first().waitFor();
    // Every figure of the header and of each card ends inside its own box.
    const spilled = await page.locator('main dl > div').evaluateAll((boxes) =>
      boxes
        .filter((box) => {
          const value = box.querySelector('dd');
          return !value || value.scrollWidth > value.clientWidth || box.scrollWidth > box.clientWidth;
        })
        .map((box) => box.textContent),
    );
    expect(spilled).toEqual([]);
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(360);
    await screenshot(page, 'overview-large-total-360');
  });

  it('adds a friend who is listed by name and split with at once, leaves from the trip list; removal, invitations by choice, edits, each seen live', async () => {
    const cai = await registerAccount(app.server.baseUrl, 'cai');
    const caiSession = await apiLogin(app.server.baseUrl, cai);
    const anaPage = await signedIn(ana.token, VIEWPORTS.desktop);
    const beaPage = await signedIn(bea.token, VIEWPORTS.phone);
    for (const page of [anaPage, beaPage]) await openSplit(page, tripId);
    const confirms: string[] = [];
    anaPage.on('dialog', (d) => {
      confirms.push(d.message());
      void d.accept();
    });

    const identifier = anaPage.getByLabel('Email or username');
    await identifier.fill('nobody_by_that_name');
    await anaPage.getByRole('button', { name: 'Add Participant' }).click();
    await anaPage.getByText('No user found with that username').waitFor();
    // Spec §2: Ana adds her friend by email, and he is a participant at once, listed by name on both pages.
    await identifier.fill(cai.email);
    await anaPage.getByRole('button', { name: 'Add Participant' }).click();
    await anaPage.getByText(`Cai Tester (@${cai.username}) was added to the trip.`).waitFor();
    const anaList = anaPage.getByRole('list', { name: 'Participants' });
    await anaList.getByText('Cai Tester').waitFor();
    const beaList = beaPage.getByRole('list', { name: 'Participants' });
    await beaList.getByText('Cai Tester').waitFor({ timeout: LIVE_WAIT_MS });
    expect(await seriousViolations(anaPage)).toEqual([]);
    await screenshot(anaPage, 'split-participant-added-1280');
    await anaPage.getByRole('navigation', { name: 'Main' }).getByRole('button', { name: /Ana/ }).click();
    await anaPage.getByRole('menuitem', { name: 'Who can add me to a trip' }).click();
    const anaSetting = anaPage.getByRole('dialog', { name: 'Who can add me to a trip' });
    await anaSetting.getByRole('radio', { name: 'Anyone' }).waitFor();
    await animationsSettled(anaSetting);
    await screenshot(anaPage, 'account-add-policy-1280');
    await anaSetting.getByRole('button', { name: 'Cancel' }).click();
    await anaSetting.waitFor({ state: 'detached' });

    // ... then splits a dinner with him: the group's equal split names all three.
    await anaPage.getByRole('tab', { name: /Expenses/ }).click();
    await anaPage.getByRole('button', { name: 'Add Expense' }).click();
    const tapas = anaPage.getByRole('dialog', { name: 'Add Expense' });
    await tapas.getByLabel('Title').fill('Tapas for three');
    await tapas.getByLabel('Amount ($)').fill('60');
    const saved = anaPage.waitForResponse(
      (r) => r.url().endsWith(`/trips/${tripId}/expenses`) && r.request().method() === 'POST',
    );
    await tapas.getByRole('button', { name: 'Add Expense' }).click();
    const { expense } = (await (await saved).json()) as {
      expense: { participants: Array<{ first_name: string; share_cents: number }> };
    };
    expect(expense.participants.map((p) => [p.first_name, p.share_cents])).toEqual([
      ['Ana', 2000],
      ['Bea', 2000],
      ['Cai', 2000],
    ]);
    await anaPage.getByText('Tapas for three').waitFor();

    // Cai sees on his trip list who added him, and can leave at once (his share stays in the ledger).
    const caiPage = await signedIn(caiSession.token, VIEWPORTS.phone);
    await caiPage.goto('/trips');
    const card = caiPage.getByRole('article').filter({ hasText: tripName });
    await card.getByText(`Added by @`).waitFor();
    expect(await seriousViolations(caiPage)).toEqual([]);
    await screenshot(caiPage, 'trips-added-by-390');
    await card.getByRole('button', { name: `Actions for ${tripName}` }).click();
    await caiPage.getByRole('menuitem', { name: 'Leave Trip' }).click();
    const leave = caiPage.getByRole('dialog', { name: 'Leave Trip' });
    await leave.getByRole('button', { name: 'Leave Trip' }).click();
    await card.waitFor({ state: 'detached' });
    await beaList.getByText('Cai Tester').waitFor({ state: 'detached', timeout: LIVE_WAIT_MS });

    // Someone added and not yet in the ledger can be removed by the owner.
    const dan = await registerAccount(app.server.baseUrl, 'dan');
    await anaPage.getByRole('tab', { name: /Participants/ }).click();
    await identifier.fill(dan.username);
    await anaPage.getByRole('button', { name: 'Add Participant' }).click();
    await beaList.getByText('Dan Tester').waitFor({ timeout: LIVE_WAIT_MS });
    await anaPage.getByRole('button', { name: 'Remove Dan Tester' }).click();
    await beaList.getByText('Dan Tester').waitFor({ state: 'detached', timeout: LIVE_WAIT_MS });
    expect(confirms).toEqual(['Are you sure you want to remove this participant?']);
    // His row (the last) is gone with the button pressed: focus lands on the row above, not the top of the page.
    const anaRows = anaPage.getByRole('list', { name: 'Participants' }).getByRole('listitem');
    await expect
      .poll(() => anaRows.last().evaluate((row) => row.contains(document.activeElement)))
      .toBe(true);

    // Someone whose own setting asks for invitations (chosen in her account menu) is invited instead, and joins by
    // accepting.
    const eve = await registerAccount(app.server.baseUrl, 'eve');
    const eveSession = await apiLogin(app.server.baseUrl, eve);
    const evePage = await signedIn(eveSession.token, VIEWPORTS.phone);
    await evePage.goto('/trips');
    await evePage.getByRole('button', { name: 'Menu' }).click();
    await evePage.getByRole('navigation', { name: 'Main' }).getByRole('button', { name: /Eve/ }).click();
    await evePage.getByRole('menuitem', { name: 'Who can add me to a trip' }).click();
    const setting = evePage.getByRole('dialog', { name: 'Who can add me to a trip' });
    const nobody = setting.getByRole('radio', { name: 'Nobody — send me an invitation' });
    await setting.getByRole('radio', { name: 'Anyone' }).waitFor();
    expect(await setting.getByRole('radio', { name: 'Anyone' }).isChecked()).toBe(true);
    await nobody.check();
    await animationsSettled(setting);
    expect(await seriousViolations(evePage)).toEqual([]);
    await screenshot(evePage, 'account-add-policy-390');
    const savedSetting = evePage.waitForResponse((r) => r.url().endsWith('/api/auth/me/add-policy'));
    await setting.getByRole('button', { name: 'Save' }).click();
    expect((await savedSetting).status()).toBe(200);
    await setting.waitFor({ state: 'detached' });
    await identifier.fill(eve.email);
    await anaPage.getByRole('button', { name: 'Add Participant' }).click();
    await anaPage.getByText(`@${eve.username} chooses who can add them to a trip`).waitFor();
    const beaInvited = beaPage.getByRole('list', { name: 'Invited' });
    await beaInvited.getByText(`@${eve.username}`).waitFor({ timeout: LIVE_WAIT_MS });
    expect(await beaPage.getByText(eve.email).count()).toBe(0);
    await evePage.goto('/trips');
    const invitation = evePage.getByRole('region', { name: 'Invitations' });
    await invitation.getByText(tripName).waitFor();
    await screenshot(evePage, 'trips-invitation-390');
    await invitation.getByRole('button', { name: `Accept the invitation to ${tripName}` }).click();
    await invitation.waitFor({ state: 'detached' });
    await beaList.getByText('Eve Tester').waitFor({ timeout: LIVE_WAIT_MS });
    await beaInvited.waitFor({ state: 'detached', timeout: LIVE_WAIT_MS });

    const created = await postExpense(app.server.baseUrl, ana.token, tripId, {
      title: 'Museum tickets',
      amount: 30,
      expense_date: '2027-04-12',
      paid_by: ana.userId,
    });
    expect(created.status).toBe(201);
    await anaPage.getByRole('tab', { name: /Expenses/ }).click();
    await beaPage.getByRole('tab', { name: /Expenses/ }).click();
    await beaPage.getByText('Museum tickets').waitFor({ timeout: LIVE_WAIT_MS });

    await anaPage.getByRole('button', { name: 'Edit Museum tickets' }).click();
    const dialog = anaPage.getByRole('dialog', { name: 'Edit Expense' });
    expect(await dialog.getByLabel('Title').inputValue()).toBe('Museum tickets');
    expect(await dialog.getByLabel('Amount ($)').inputValue()).toBe('30.00');
    await dialog.getByLabel('Amount ($)').fill('40');
    await dialog.getByRole('button', { name: 'Save Changes' }).click();
    const museum = beaPage.getByRole('listitem').filter({ hasText: 'Museum tickets' });
    await museum.getByText('$40.00').waitFor({ timeout: LIVE_WAIT_MS });

    await anaPage.getByRole('button', { name: 'Delete Museum tickets' }).click();
    await museum.waitFor({ state: 'detached', timeout: LIVE_WAIT_MS });
    expect(confirms.at(-1)).toBe('Are you sure you want to delete this expense?');
  });

  it("shows a long ledger a page at a time: 'Load more' with loading and retry, a live change refetches as many as are shown", async () => {
    const { id: bigTrip } = await createTrip(app.server.baseUrl, ana.token);
    const post = (title: string, token = ana.token) =>
      postExpense(app.server.baseUrl, token, bigTrip, {
        title,
        amount: 2,
        expense_date: '2027-04-12',
        paid_by: ana.userId,
      });
    await inviteAndAccept(app.server.baseUrl, bigTrip, ana.token, {
      token: bea.token,
      username: beaUsername,
    });
    for (let i = 0; i < 55; i += 1) expect((await post(`Snack ${i}`)).status).toBe(201);

    let total = 55;
    for (const [name, viewport] of [
      ['390', VIEWPORTS.phone],
      ['1280', VIEWPORTS.desktop],
    ] as const) {
      const page = await signedIn(ana.token, viewport);
      await page.goto(`/trips/${bigTrip}/split`);
      await page.getByRole('status').filter({ hasText: 'Live' }).waitFor();
      await page.getByRole('tab', { name: new RegExp(`^Expenses\\s*${total}$`) }).click();
      const rows = page.getByRole('list', { name: 'Expenses' }).getByRole('listitem');
      await expect.poll(() => rows.count()).toBe(50);
      await page.getByText(`Showing 50 of ${total}`).waitFor();

      // The next page fails once: an error with Retry, then it loads.
      let failNext = true;
      await page.route(/\/expenses\?.*cursor=/, (route) => {
        if (!failNext) return route.continue();
        failNext = false;
        return route.fulfill({ status: 500, contentType: 'application/json', body: '{"error":"boom"}' });
      });
      await page.getByRole('button', { name: 'Load more' }).click();
      await page.getByText('boom').waitFor();
      await screenshot(page, `split-load-more-error-${name}`);
      await page.getByRole('button', { name: 'Retry' }).click();
      await expect.poll(() => rows.count()).toBe(total);
      // The button is gone: focus moves to the first row it brought, not back to the top of the page.
      await expect
        .poll(() => rows.nth(50).evaluate((row) => row.contains(document.activeElement)))
        .toBe(true);
      expect(await page.getByRole('button', { name: 'Load more' }).count()).toBe(0);
      expect(await rows.last().textContent()).toContain('Snack 0');
      await screenshot(page, `split-load-more-${name}`);

      // Another member's write arrives live; the refetch keeps everything shown, the new one on top.
      const title = `Late snack ${name}`;
      expect((await post(title, bea.token)).status).toBe(201);
      await rows.first().getByText(title).waitFor({ timeout: LIVE_WAIT_MS });
      // As many as were shown come back, the new one on top: the oldest moves behind 'Load more'.
      await page.getByText(`Showing ${total} of ${total + 1}`).waitFor();
      expect(await rows.count()).toBe(total);
      total += 1;
      await page.getByRole('tab', { name: new RegExp(`^Expenses\\s*${total}$`) }).waitFor();
    }

    // Deleting a row from the keyboard: focus lands on the row that takes its place, not on the top of the page.
    const page = await signedIn(ana.token, VIEWPORTS.desktop);
    await openSplit(page, bigTrip);
    await page.getByRole('tab', { name: /Expenses/ }).click();
    page.once('dialog', (dialog) => void dialog.accept());
    await page.getByRole('button', { name: 'Delete Snack 50', exact: true }).focus();
    await page.keyboard.press('Enter');
    await page.getByRole('button', { name: 'Delete Snack 50', exact: true }).waitFor({ state: 'detached' });
    const next = page.getByRole('listitem').filter({ hasText: /^Snack 49/ });
    await expect.poll(() => next.evaluate((row) => row.contains(document.activeElement))).toBe(true);

    // Bea may not delete Ana's snack, far down the list: the refusal shows in its row, where she is looking.
    const beaPage = await signedIn(bea.token, VIEWPORTS.phone);
    await openSplit(beaPage, bigTrip);
    await beaPage.getByRole('tab', { name: /Expenses/ }).click();
    await beaPage.getByRole('button', { name: 'Load more' }).click();
    beaPage.once('dialog', (dialog) => void dialog.accept());
    await beaPage.getByRole('button', { name: 'Delete Snack 3', exact: true }).click();
    const refused = beaPage.getByRole('listitem').filter({ hasText: /^Snack 3Apr/ });
    await refused
      .getByRole('alert')
      .getByText(/can delete it/)
      .waitFor();
  });

  it('lets a participant leave through a confirmation modal, keeping their balance in the ledger as "left"', async () => {
    const dan = await registerAccount(app.server.baseUrl, 'dan');
    const danSession = await apiLogin(app.server.baseUrl, dan);
    const { id: trip } = await createTrip(app.server.baseUrl, ana.token);
    await inviteAndAccept(app.server.baseUrl, trip, ana.token, {
      token: danSession.token,
      username: dan.username,
    });
    const paid = await postExpense(app.server.baseUrl, ana.token, trip, {
      title: 'Ferry',
      amount: 20,
      expense_date: '2027-04-12',
      paid_by: ana.userId,
    });
    expect(paid.status).toBe(201);

    const danPage = await signedIn(danSession.token, VIEWPORTS.phone);
    await openSplit(danPage, trip);
    await danPage.getByRole('button', { name: 'Leave Trip' }).click();
    const dialog = danPage.getByRole('dialog', { name: 'Leave Trip' });
    await dialog.getByText('stays in the ledger under your name').waitFor();
    await animationsSettled(dialog);
    expect(await seriousViolations(danPage)).toEqual([]);
    await screenshot(danPage, 'split-leave-390');
    await dialog.getByRole('button', { name: 'Leave Trip' }).click();
    await danPage.waitForURL('**/trips');
    await danPage.getByRole('heading', { name: 'My Trips' }).waitFor();

    // Ana still sees what Dan owes, under his name, marked as having left.
    const anaPage = await signedIn(ana.token, VIEWPORTS.desktop);
    await anaPage.goto(`/trips/${trip}/split`);
    await anaPage.getByRole('tab', { name: /Settlements/ }).click();
    await anaPage.getByRole('button', { name: 'Calculate Settlements' }).click();
    await anaPage.getByText('Dan (left) pays Ana $10.00').waitFor();
    // Ana, the owner, cannot leave (spec §6): she is told to hand the trip over or delete it.
    await anaPage.getByRole('tab', { name: /Participants/ }).click();
    await anaPage.getByRole('button', { name: 'Leave Trip' }).click();
    await anaPage
      .getByRole('dialog', { name: 'Leave Trip' })
      .getByText('You own this trip, so you cannot leave it.')
      .waitFor();
    await screenshot(anaPage, 'split-owner-leave-1280');
  });

  it('edits an overview split on the trip page and back, kept as decided, and explains the settlements', async () => {
    const { id: tapasTrip, name: tapasName } = await createTrip(app.server.baseUrl, ana.token, 'Porto');
    const api = (method: string, path: string, token: string, body?: unknown) =>
      fetch(`${app.server.baseUrl}/api/trip-split${path}`, {
        method,
        headers: { 'content-type': 'application/json', authorization: `Bearer ${token}` },
        body: body === undefined ? undefined : JSON.stringify(body),
      });
    await inviteAndAccept(app.server.baseUrl, tapasTrip, ana.token, {
      token: bea.token,
      username: beaUsername,
    });

    // The overview's modal, on a phone: percentages, the payer (Bea) included.
    const page = await signedIn(bea.token, VIEWPORTS.phone);
    await page.goto('/trip-split');
    const card = page.getByRole('article').filter({ has: page.getByRole('heading', { name: tapasName }) });
    await card.getByRole('button', { name: 'Show details' }).click();
    await card.getByRole('button', { name: 'Add Expense' }).click();
    let dialog = page.getByRole('dialog', { name: 'Add Expense' });
    await dialog.getByLabel('Title').fill('Tapas');
    await dialog.getByLabel('Amount ($)').fill('100');
    await dialog.getByText('Percentages').click();
    await dialog.getByLabel('Percentage for Ana Tester').fill('40');
    await dialog.getByLabel('Percentage for Bea Tester').fill('60');
    await dialog.getByRole('button', { name: 'Add Expense' }).click();
    await card.getByText('Tapas').waitFor();

    // The trip page's form edits it: the split is kept as decided through an edit of words and re-applied to a
    // new amount.
    await page.goto(`/trips/${tapasTrip}/split`);
    await page.getByRole('tab', { name: /Expenses/ }).click();
    await page.getByRole('button', { name: 'Edit Tapas' }).click();
    dialog = page.getByRole('dialog', { name: 'Edit Expense' });
    await dialog.getByText(/Kept as decided \(Percentages: Ana Tester 40%, Bea Tester 60%\)/).waitFor();
    await dialog.getByLabel('Title').fill('Late tapas');
    await animationsSettled(dialog);
    await dialog.getByText(/Kept as decided/).scrollIntoViewIfNeeded();
    expect(await seriousViolations(page)).toEqual([]);
    await screenshot(page, 'split-edit-kept-390');
    await dialog.getByRole('button', { name: 'Save Changes' }).click();
    const row = page.getByRole('listitem').filter({ hasText: 'Late tapas' });
    await row.getByText('$40.00').waitFor();
    await row.getByText('$60.00').waitFor();
    await page.getByRole('button', { name: 'Edit Late tapas' }).click();
    await dialog.getByLabel('Amount ($)').fill('50');
    // What Ana owes follows the new amount, split by the kept percentages.
    expect(await dialog.getByLabel('Amount owed by Ana Tester').inputValue()).toBe('20.00');
    await dialog.getByRole('button', { name: 'Save Changes' }).click();
    await row.getByText('$20.00').waitFor();
    await row.getByText('$30.00').waitFor();

    // And the overview's modal opens it prefilled with its percentages.
    await page.goto('/trip-split');
    await card.getByRole('button', { name: 'Show details' }).click();
    await card.getByRole('button', { name: 'Edit Late tapas' }).click();
    dialog = page.getByRole('dialog', { name: 'Edit Expense' });
    expect(await dialog.getByLabel('Percentage for Ana Tester').inputValue()).toBe('40');
    expect(await dialog.getByLabel('Amount ($)').inputValue()).toBe('50.00');
    await dialog.getByRole('button', { name: 'Cancel' }).click();

    // A settlement replaced by another member's recalculation: 409, the message and the current list. Bea's page
    // hears no live notice here, so it still shows the old transfer when she marks it.
    const calculate = () => api('POST', `/trips/${tapasTrip}/settlements/calculate`, ana.token);
    await calculate();
    await page.route(/\/live$/, (route) => route.abort());
    await page.goto(`/trips/${tapasTrip}/split`);
    await page.getByRole('tab', { name: /Settlements/ }).click();
    await page.getByText('Ana pays Bea $20.00').waitFor();
    const bigger = await api('POST', `/trips/${tapasTrip}/expenses`, ana.token, {
      title: 'Hotel',
      amount: 100,
      expense_date: '2027-04-12',
      paid_by: ana.userId,
    });
    expect(bigger.status).toBe(201);
    await calculate();
    page.once('dialog', (d) => void d.accept());
    await page.getByRole('button', { name: /Mark as Paid: Ana pays Bea/ }).click();
    await page.getByText('This settlement was recalculated. Here is the current list.').waitFor();
    await page.getByText('Bea pays Ana $30.00').waitFor();

    // "How we got here", by keyboard.
    const disclosure = page.getByRole('button', { name: 'How we got here' });
    await disclosure.focus();
    await page.keyboard.press('Enter');
    expect(await disclosure.getAttribute('aria-expanded')).toBe('true');
    const explained = page.getByRole('list', { name: 'How we got here' });
    const beaCard = explained.getByRole('listitem').filter({ hasText: 'Bea Tester' }).first();
    await beaCard.getByText('Owes $30.00').waitFor();
    await beaCard.getByText('Bea pays Ana $30.00').waitFor();
    expect(await seriousViolations(page)).toEqual([]);
    await screenshot(page, 'split-how-we-got-here-390');
  });
});
