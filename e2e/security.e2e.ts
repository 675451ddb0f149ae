import fs from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { launchBrowser } from './support/browser';
import { apiLogin, createTrip } from './support/seed';
import { registerAccount, startServer, type RunningServer } from './support/server';

const WEB_DIST = path.resolve(import.meta.dirname, '../web/dist');

function builtFiles(dir: string): string[] {
  return fs.readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const full = path.join(dir, entry.name);
    return entry.isDirectory() ? builtFiles(full) : [full];
  });
}

describe('security basics of the built product', () => {
  let server: RunningServer;
  beforeAll(async () => {
    server = await startServer();
  });
  afterAll(() => server?.stop());

  it('ships no server secret or server-side key in the client bundle', () => {
    const secret = fs.readFileSync(path.join(server.dataDir, 'jwt-secret'), 'utf8').trim();
    const forbidden = [
      secret,
      'JWT_SECRET',
      'GEMINI_API_KEY',
      'WEATHER_API_KEY',
      'process.env.GOOGLE_MAPS_API_KEY',
      'password_hash',
      '-----BEGIN',
      'firebase-admin',
    ];
    for (const file of builtFiles(WEB_DIST).filter((f) => /\.(js|html|css|map)$/.test(f))) {
      const text = fs.readFileSync(file, 'utf8');
      for (const needle of forbidden) expect(text.includes(needle), `${needle} in ${file}`).toBe(false);
    }
  });

  it('allows no cross-origin reads of the API (no CORS grant to other origins)', async () => {
    const preflight = await fetch(`${server.baseUrl}/api/auth/login`, {
      method: 'OPTIONS',
      headers: {
        origin: 'https://evil.example',
        'access-control-request-method': 'POST',
        'access-control-request-headers': 'content-type,authorization',
      },
    });
    expect(preflight.headers.get('access-control-allow-origin')).toBeNull();
    const read = await fetch(`${server.baseUrl}/api/health`, { headers: { origin: 'https://evil.example' } });
    expect(read.headers.get('access-control-allow-origin')).toBeNull();
  });

  it('sends the security headers on the app and the API', async () => {
    for (const route of ['/', '/trips/x', '/api/health']) {
      const res = await fetch(server.baseUrl + route);
      expect(res.headers.get('content-security-policy')).toContain("script-src 'self'");
      expect(res.headers.get('x-frame-options')).toBe('SAMEORIGIN');
      expect(res.headers.get('x-content-type-options')).toBe('nosniff');
      expect(res.headers.get('referrer-policy')).toBe('no-referrer');
    }
  });

  it('renders user text as text, never as HTML', async () => {
    const { token } = await apiLogin(server.baseUrl, await registerAccount(server.baseUrl));
    const trip = await createTrip(server.baseUrl, token);
    const hostile = '<img src=x onerror="window.__pwned=1"><b>bold</b>';
    const current = (await (
      await fetch(`${server.baseUrl}/api/trips/${trip.id}`, { headers: { authorization: `Bearer ${token}` } })
    ).json()) as { start_date: string; end_date: string };
    const form = new FormData();
    form.set('trip_name', trip.name);
    form.set('start_date', current.start_date);
    form.set('end_date', current.end_date);
    form.set('description', hostile);
    const update = await fetch(`${server.baseUrl}/api/trips/${trip.id}`, {
      method: 'PUT',
      headers: { authorization: `Bearer ${token}` },
      body: form,
    });
    expect(update.status).toBe(200);

    const browser = await launchBrowser();
    try {
      const context = await browser.newContext({ baseURL: server.baseUrl });
      await context.addInitScript((t) => localStorage.setItem('token', t), token);
      const page = await context.newPage();
      await page.goto(`/trips/${trip.id}`);
      await page.getByText(hostile, { exact: true }).waitFor({ timeout: 10_000 });
      expect(await page.locator('img[src="x"]').count()).toBe(0);
      expect(await page.evaluate(() => (window as unknown as { __pwned?: number }).__pwned)).toBeUndefined();
    } finally {
      await browser.close();
    }
  });
});
