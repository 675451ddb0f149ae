import { STEP_CEILING_MS } from './support/step';
import { describe, expect, it } from 'vitest';
import { appUnderTest } from './support/app';
import { screenshot, VIEWPORTS } from './support/browser';
import { registerAccount } from './support/server';

const WAIT = { timeout: STEP_CEILING_MS };

describe('accounts in a real browser', () => {
  const app = appUnderTest();

  const newPage = (viewport: { width: number; height: number } = VIEWPORTS.desktop) =>
    app.newPage({ viewport });

  it('signs up, logs in, shows the first name, stays logged in across a reload, and logs out', async () => {
    const page = await newPage();
    const tag = Date.now().toString(36);
    await page.goto('/signup');
    await page.getByLabel('Username').fill(`ines_${tag}`);
    await page.getByLabel('First name').fill('inês');
    await page.getByLabel('Last name').fill('FERREIRA');
    await page.getByLabel('Email').fill(`ines.${tag}@example.com`);
    await page.getByLabel('Password').fill('a long enough password');
    await page.getByRole('button', { name: 'Create account' }).click();

    await page.waitForURL('**/login', WAIT);
    await page.getByText('Account created successfully! Please log in to start your journey.').waitFor(WAIT);
    await page.getByLabel('Email').fill(`ines.${tag}@example.com`);
    await page.getByLabel('Password').fill('a long enough password');
    await page.getByRole('button', { name: 'Log in' }).click();

    await page.waitForURL(`${app.server.baseUrl}/`, WAIT);
    const userMenu = page.getByRole('button', { name: 'Inês' });
    await userMenu.waitFor(WAIT);
    expect(await page.evaluate(() => localStorage.getItem('token'))).toMatch(/^ey/);

    await page.reload();
    await userMenu.waitFor(WAIT);
    await page.getByRole('link', { name: 'My Trips' }).waitFor(WAIT);

    await userMenu.click();
    await page.getByRole('menuitem', { name: 'Logout' }).click();
    await page.getByRole('link', { name: 'Sign Up' }).waitFor(WAIT);
    expect(new URL(page.url()).pathname).toBe('/');
    expect(await page.evaluate(() => localStorage.getItem('token'))).toBeNull();
    await page.context().close();
  });

  it('shows the login failure message for wrong credentials', async () => {
    const account = await registerAccount(app.server.baseUrl);
    const page = await newPage();
    await page.goto('/login');
    await page.getByRole('heading', { name: 'Welcome Back!' }).waitFor(WAIT);
    await page.getByLabel('Email').fill(account.email);
    await page.getByLabel('Password').fill('definitely wrong');
    await page.getByRole('button', { name: 'Log in' }).click();
    await page.getByText('Login failed. Please check your credentials.').waitFor(WAIT);
    expect(new URL(page.url()).pathname).toBe('/login');
    await page.context().close();
  });

  it('drops an undecodable token and stays signed out', async () => {
    const page = await newPage();
    const errors: string[] = [];
    page.on('console', (msg) => msg.type() === 'error' && errors.push(msg.text()));
    await page.goto('/');
    await page.evaluate(() => localStorage.setItem('token', 'not-a-token'));
    await page.reload();
    await page.getByRole('link', { name: 'Sign Up' }).waitFor(WAIT);
    expect(errors.some((e) => e.includes('Error decoding token'))).toBe(true);
    expect(await page.evaluate(() => localStorage.getItem('token'))).toBeNull();
    await page.context().close();
  });

  it('shows the 404 page for an unknown path', async () => {
    const page = await newPage();
    const response = await page.goto('/no/such/place');
    expect(response?.status()).toBe(200);
    await page.getByRole('heading', { name: '404 - Page Not Found' }).waitFor(WAIT);
    await page.getByText("Sorry, we couldn't find what you were looking for.").waitFor(WAIT);
    await page.context().close();
  });

  it('sends signed-out visitors who press Continue to login with the planning message', async () => {
    const page = await newPage(VIEWPORTS.phone);
    await page.goto('/');
    await page.getByRole('button', { name: 'Continue' }).click();
    await page.waitForURL('**/login', WAIT);
    await page.getByText('Please log in to start planning your trip').waitFor(WAIT);
    await page.context().close();
  });

  it('takes screenshots of Home and Login on a phone and a desktop', async () => {
    for (const [size, viewport] of Object.entries(VIEWPORTS)) {
      const page = await newPage(viewport);
      await page.goto('/');
      await page.getByRole('button', { name: 'Continue' }).waitFor(WAIT);
      await screenshot(page, `home-${size}`);
      await page.goto('/login');
      await page.getByRole('heading', { name: 'Welcome Back!' }).waitFor(WAIT);
      await screenshot(page, `login-${size}`);
      await page.context().close();
    }
  });
});
