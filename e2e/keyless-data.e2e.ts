import { STEP_CEILING_MS } from './support/step';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { seriousViolations } from './support/axe';
import { apiLogin, createTrip } from './support/seed';
import { appUnderTest } from './support/app';
import { screenshot } from './support/browser';
import { registerAccount } from './support/server';

const WAIT = { timeout: STEP_CEILING_MS };
const PNG = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg==',
  'base64',
);
const FILE = 'Lisbon_collage.jpg';

/**
 * Open-Meteo's and Wikipedia's keyless APIs, spoken by one local stand-in in their wire formats: the built server
 * (no keys) is pointed at it, as it would reach the real ones on a machine with internet.
 */
const standIn = http.createServer((req, res) => {
  const url = new URL(req.url ?? '/', 'http://stand-in');
  res.setHeader('content-type', 'application/json');
  if (url.pathname === '/v1/forecast') {
    const time = Array.from({ length: Number(url.searchParams.get('forecast_days')) }, (_, i) =>
      new Date(Date.now() + i * 86_400_000).toISOString().slice(0, 10),
    );
    const all = (value: number) => time.map(() => value);
    return res.end(
      JSON.stringify({
        latitude: 38.72,
        longitude: -9.14,
        timezone: 'Europe/Lisbon',
        daily_units: { time: 'iso8601', weather_code: 'wmo code' },
        daily: {
          time,
          weather_code: all(2),
          temperature_2m_max: all(23.4),
          temperature_2m_min: all(14.1),
          temperature_2m_mean: all(18.6),
        },
      }),
    );
  }
  if (url.pathname === '/api/rest_v1/page/summary/Lisbon') {
    return res.end(
      JSON.stringify({
        type: 'standard',
        title: 'Lisbon',
        thumbnail: {
          source: `https://upload.wikimedia.org/wikipedia/commons/thumb/1/1a/${FILE}/330px-${FILE}`,
          width: 330,
          height: 400,
        },
        originalimage: {
          source: `https://upload.wikimedia.org/wikipedia/commons/1/1a/${FILE}`,
          width: 2000,
          height: 2400,
        },
      }),
    );
  }
  res.statusCode = 404;
  res.end('{}');
});
await new Promise<void>((resolve) => standIn.listen(0, '127.0.0.1', resolve));
const standInUrl = `http://127.0.0.1:${(standIn.address() as AddressInfo).port}`;

describe('real data without keys: forecast, city photo and tiled map', () => {
  const app = appUnderTest({ env: { OPEN_METEO_BASE_URL: standInUrl, WIKIPEDIA_BASE_URL: standInUrl } });
  let token: string;
  let tripId: string;
  beforeAll(async () => {
    const account = await registerAccount(app.server.baseUrl, 'nuno');
    token = (await apiLogin(app.server.baseUrl, account)).token;
    tripId = (await createTrip(app.server.baseUrl, token, 'Lisbon')).id;
  });
  afterAll(() => {
    standIn.closeAllConnections();
    return new Promise((resolve) => standIn.close(resolve));
  });

  /** A page whose requests to the photo and tile hosts (on the internet) are answered with a small PNG, or fail. */
  const pageWithInternet = async (tiles: 'load' | 'fail') => {
    // bypassCSP: for the inline axe script only; the photo and tile hosts are the ones the CSP admits anyway.
    const page = await app.newPage({ token, bypassCSP: true });
    await page.route('https://upload.wikimedia.org/**', (route) =>
      route.fulfill({ status: 200, contentType: 'image/png', body: PNG }),
    );
    await page.route('https://tile.openstreetmap.org/**', (route) =>
      tiles === 'load'
        ? route.fulfill({ status: 200, contentType: 'image/png', body: PNG })
        : route.abort('internetdisconnected'),
    );
    return page;
  };
  const cityPhoto = (page: Page) => page.locator(`img[src*="upload.wikimedia.org"]`).first();

  it("shows the city's Wikipedia photo with its credit on the trip card and the header", async () => {
    const page = await pageWithInternet('load');
    await page.goto('/trips');
    const card = page.getByRole('article').filter({ hasText: 'Lisbon' });
    await card.getByText('Photo: Wikimedia Commons').waitFor(WAIT);
    expect(await card.locator('img').getAttribute('src')).toBe(
      `https://upload.wikimedia.org/wikipedia/commons/thumb/1/1a/${FILE}/960px-${FILE}`,
    );
    await page.goto(`/trips/${tripId}`);
    const credit = page.getByRole('link', { name: 'Wikimedia Commons' });
    await credit.waitFor(WAIT);
    expect(await credit.getAttribute('href')).toBe(`https://commons.wikimedia.org/wiki/File:${FILE}`);
    await cityPhoto(page).waitFor(WAIT);
    await page.context().close();
  });

  it("names Open-Meteo as the forecast's source, and draws a tiled map with clustered markers and info windows", async () => {
    const page = await pageWithInternet('load');
    await page.goto(`/trips/${tripId}`);
    await page.getByRole('link', { name: 'Weather data by Open-Meteo.com' }).waitFor(WAIT);
    await page.getByRole('img', { name: 'Partly cloudy, 14–23 °C' }).first().waitFor(WAIT);

    const map = page.getByRole('region', { name: 'Trip map' });
    await map.locator('.leaflet-tile-loaded').first().waitFor(WAIT);
    expect(await map.locator('.leaflet-control-attribution').textContent()).toContain('OpenStreetMap');
    // Markers near each other start as one cluster: choosing it zooms in until they part.
    const markers = map.locator('.leaflet-marker-icon');
    const marker = markers.first();
    await marker.waitFor(WAIT);
    const shown = () =>
      markers.evaluateAll((icons) => icons.map((icon) => icon.getAttribute('title')).join('\n'));
    // Leaflet marks its map pane while it animates a zoom; the markers are redrawn when the move ends.
    const animating = () => map.locator('.leaflet-zoom-anim').count();
    for (let i = 0; i < 6 && /places: zoom in$/.test((await marker.getAttribute('title')) ?? ''); i++) {
      const before = await shown();
      await marker.click();
      await expect.poll(async () => (await animating()) === 0 && (await shown()) !== before, WAIT).toBe(true);
    }
    const name = (await marker.getAttribute('title')) ?? '';
    expect(name).not.toMatch(/zoom in$/);
    await marker.focus();
    await page.keyboard.press('Enter');
    expect(await map.locator('.leaflet-popup-content').textContent()).toContain(name);
    expect(await seriousViolations(page)).toEqual([]);
    await screenshot(page, 'trip-details-tiled-map-desktop');
    await page.context().close();
  });

  it('falls back to the offline plot when no tile can load', async () => {
    const page = await pageWithInternet('fail');
    await page.goto(`/trips/${tripId}`);
    await page.getByText('The map tiles could not load; showing the offline map.').waitFor(WAIT);
    await page.getByText('Offline map: places are drawn to scale around the trip centre.').waitFor(WAIT);
    await page.context().close();
  });
});
