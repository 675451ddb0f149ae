import { beforeAll, describe, expect, it } from 'vitest';
import { appUnderTest, openSplit } from './support/app';
import { seriousViolations } from './support/axe';
import { screenshot, VIEWPORTS } from './support/browser';
import { apiLogin, createTrip, inviteAndAccept, postExpense } from './support/seed';
import { registerAccount } from './support/server';
import { STEP_CEILING_MS } from './support/step';

const WAIT = { timeout: STEP_CEILING_MS };

describe('a guest without an account, claimed later', () => {
  const app = appUnderTest();
  let tripId: string;
  let ana: { token: string; userId: string };
  let bea: { token: string; userId: string };

  beforeAll(async () => {
    const base = app.server.baseUrl;
    const [anaAccount, beaAccount, caiAccount] = await Promise.all(
      ['ana', 'bea', 'cai'].map((name) => registerAccount(base, name)),
    );
    ana = await apiLogin(base, anaAccount!);
    bea = await apiLogin(base, beaAccount!);
    const cai = await apiLogin(base, caiAccount!);
    ({ id: tripId } = await createTrip(base, ana.token));
    await inviteAndAccept(base, tripId, ana.token, { token: bea.token, username: beaAccount!.username });
    await inviteAndAccept(base, tripId, ana.token, { token: cai.token, username: caiAccount!.username });
  });

  const signedIn = (token: string | undefined, viewport: { width: number; height: number }) =>
    app.newPage({ token, viewport, bypassCSP: true });

  it('splits with a guest who joins by link without an account, adds a taxi, then signs up as themself', async () => {
    const base = app.server.baseUrl;
    const anaPage = await signedIn(ana.token, VIEWPORTS.desktop);
    const beaPage = await signedIn(bea.token, VIEWPORTS.phone);
    for (const page of [anaPage, beaPage]) await openSplit(page, tripId);

    // Ana adds Joe, who has no account; Bea's open page shows him, marked as a guest.
    await anaPage.getByRole('button', { name: 'Add someone without an account' }).click();
    const form = anaPage.getByRole('form', { name: 'Add someone without an account' });
    await form.getByLabel('Name').fill('Joe');
    await form.getByRole('button', { name: 'Add guest' }).click();
    const beaParticipants = beaPage.getByRole('list', { name: 'Participants' });
    await beaParticipants.getByRole('listitem').filter({ hasText: 'Joe' }).getByText('Guest').waitFor(WAIT);
    expect(await seriousViolations(anaPage)).toEqual([]);
    await screenshot(anaPage, 'guests-participants-1280');
    await screenshot(beaPage, 'guests-participants-390');

    // A dinner Ana paid for all four.
    const dinner = { title: 'Dinner', amount: 100, paid_by: ana.userId, expense_date: '2027-04-11' };
    expect((await postExpense(base, ana.token, tripId, dinner)).status).toBe(201);

    // Ana's invite link; Joe opens it on his phone, with no account, and says which guest he is.
    const invite = await fetch(`${base}/api/trip-split/trips/${tripId}/invite-link`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', authorization: `Bearer ${ana.token}` },
      body: JSON.stringify({}),
    }).then((r) => r.json() as Promise<{ token: string }>);
    const joePage = await signedIn(undefined, VIEWPORTS.phone);
    await joePage.goto(`/join/${invite.token}`);
    await joePage.getByLabel('Who are you?').selectOption({ label: 'Joe' });
    await joePage.getByRole('button', { name: 'Continue without an account' }).click();
    await joePage.waitForURL(`**/trips/${tripId}/split`, WAIT);
    const banner = joePage.getByRole('region', { name: 'Guest access' });
    await banner.waitFor(WAIT);
    expect(await seriousViolations(joePage)).toEqual([]);
    await screenshot(joePage, 'guest-session-390');

    // He records the taxi he paid for everyone; it reaches Ana's open page.
    await joePage.getByRole('tab', { name: /Expenses/ }).click();
    await joePage.getByRole('button', { name: 'Add Expense' }).click();
    const dialog = joePage.getByRole('dialog');
    await dialog.getByLabel(/^Title/).fill('Taxi');
    await dialog.getByLabel(/^Amount/).fill('30');
    await dialog.getByRole('button', { name: 'Add Expense' }).click();
    await dialog.waitFor({ state: 'detached', ...WAIT });
    await anaPage.getByRole('tab', { name: /Expenses/ }).click();
    await anaPage.getByText('Taxi').waitFor(WAIT);

    await anaPage.getByRole('tab', { name: /Settlements/ }).click();
    await anaPage.getByRole('button', { name: 'Calculate Settlements' }).click();
    await anaPage.getByText('Joe pays Ana $2.50').waitFor(WAIT);

    // Later he makes an account from the banner, and comes back to say he is Joe.
    await banner.getByRole('button', { name: 'Create an account' }).click();
    await joePage.waitForURL('**/claim/**', WAIT);
    await joePage.getByText('Joe owes $2.50').waitFor(WAIT);
    await screenshot(joePage, 'claim-signed-out-390');
    const tag = Date.now().toString(36);
    const email = `joe.${tag}@example.com`;
    await joePage.getByRole('link', { name: 'Sign up' }).click();
    await joePage.getByLabel('Username').fill(`joe_${tag}`);
    await joePage.getByLabel('First name').fill('Joe');
    await joePage.getByLabel('Last name').fill('Ng');
    await joePage.getByLabel('Email').fill(email);
    await joePage.getByLabel('Password').fill('a long enough password');
    await joePage.getByRole('button', { name: 'Create account' }).click();
    await joePage.waitForURL('**/login', WAIT);
    await joePage.getByLabel('Email').fill(email);
    await joePage.getByLabel('Password').fill('a long enough password');
    await joePage.getByRole('button', { name: 'Log in' }).click();
    await joePage.waitForURL('**/claim/**', WAIT);
    await joePage.getByRole('button', { name: 'I am Joe' }).click();
    await joePage.waitForURL(`**/trips/${tripId}/split`, WAIT);

    // The same balances, now his: on his page, and live on Bea's, where he is no longer a guest.
    await joePage.getByRole('tab', { name: /Settlements/ }).click();
    await joePage.getByRole('button', { name: 'Calculate Settlements' }).click();
    await joePage.getByText('Joe pays Ana $2.50').waitFor(WAIT);
    await joePage.getByText('Bea pays Ana $32.50').waitFor(WAIT);
    await screenshot(joePage, 'claim-settled-390');
    await beaParticipants.getByRole('listitem').filter({ hasText: 'Joe Ng' }).waitFor(WAIT);
    await expect.poll(() => beaParticipants.getByText('Guest', { exact: true }).count(), WAIT).toBe(0);
  });
});
