import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { addDays, tripWeatherSchema } from '@wayfare/contract';
import { startTestApi, type TestApi } from '../../test-support/api-server';
import { tripWithMembers } from '../../test-support/trip-members';
import { describeWmoCode } from './open-meteo';
import { iconForCondition } from './weather-api';

/** The back-off after a failed forecast in the keyed suite: short, so the test can outwait it. */
const RETRY_AFTER_MS = 300;
const today = () => new Date().toISOString().slice(0, 10);

/** A local stand-in for WeatherAPI.com's forecast endpoint, speaking its JSON. */
async function startForecastStandIn() {
  const requests: URL[] = [];
  let failNext = false;
  const server = http.createServer((req, res) => {
    const url = new URL(req.url ?? '/', 'http://stand-in');
    requests.push(url);
    res.setHeader('content-type', 'application/json');
    if (failNext || url.pathname !== '/v1/forecast.json') {
      failNext = false;
      res.statusCode = 500;
      return res.end(JSON.stringify({ error: { code: 9999, message: 'Internal application error.' } }));
    }
    const days = Math.min(Number(url.searchParams.get('days')), 3); // like the free plan: fewer days than asked
    const forecastday = Array.from({ length: days }, (_, i) => ({
      date: addDays(today(), i),
      day: {
        maxtemp_c: 21.4,
        mintemp_c: 12.2,
        avgtemp_c: 16.6,
        condition: { text: 'Patchy rain nearby', icon: '//cdn/176.png', code: 1063 },
      },
    }));
    res.end(JSON.stringify({ location: { name: 'Lisbon' }, forecast: { forecastday } }));
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return {
    baseUrl: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
    requests,
    failOnce: () => {
      failNext = true;
    },
    close: () => new Promise((resolve) => server.close(resolve)),
  };
}

/** A local stand-in for Open-Meteo's keyless forecast endpoint, speaking its JSON (nulls past its horizon). */
async function startOpenMeteoStandIn() {
  const requests: URL[] = [];
  let mode: 'answer' | 'error' | 'hang' = 'answer';
  const server = http.createServer((req, res) => {
    const url = new URL(req.url ?? '/', 'http://stand-in');
    requests.push(url);
    if (mode === 'hang') return; // never answers: the server must give up on its own
    res.setHeader('content-type', 'application/json');
    if (mode === 'error' || url.pathname !== '/v1/forecast') {
      res.statusCode = 400;
      return res.end(
        JSON.stringify({
          error: true,
          reason: 'Cannot initialize WeatherVariable from invalid String value',
        }),
      );
    }
    const days = Number(url.searchParams.get('forecast_days'));
    const time = Array.from({ length: days }, (_, i) => addDays(today(), i));
    const known = (value: number) => time.map((_, i) => (i < 3 ? value : null));
    res.end(
      JSON.stringify({
        latitude: 38.72,
        longitude: -9.14,
        generationtime_ms: 0.08,
        utc_offset_seconds: 0,
        timezone: 'Europe/Lisbon',
        timezone_abbreviation: 'GMT',
        elevation: 11,
        daily_units: {
          time: 'iso8601',
          weather_code: 'wmo code',
          temperature_2m_max: '°C',
          temperature_2m_min: '°C',
          temperature_2m_mean: '°C',
        },
        daily: {
          time,
          weather_code: known(61),
          temperature_2m_max: known(19.8),
          temperature_2m_min: known(11.3),
          temperature_2m_mean: known(15.2),
        },
      }),
    );
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return {
    baseUrl: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
    requests,
    setMode: (next: typeof mode) => {
      mode = next;
    },
    close: () => {
      server.closeAllConnections();
      return new Promise((resolve) => server.close(resolve));
    },
  };
}

describe('weather API over HTTP', () => {
  describe('without a forecast key: Open-Meteo (a local stand-in)', () => {
    let api: TestApi;
    let standIn: Awaited<ReturnType<typeof startOpenMeteoStandIn>>;
    beforeAll(async () => {
      standIn = await startOpenMeteoStandIn();
      api = await startTestApi({
        OPEN_METEO_BASE_URL: standIn.baseUrl,
        KEYLESS_TIMEOUT_MS: '300',
        WEATHER_RETRY_AFTER_MS: '1', // each case below asks the stand-in
      });
    });
    afterAll(async () => {
      await api.close();
      await standIn.close();
    });

    it("answers Open-Meteo's days, says so, and estimates the days it left empty", async () => {
      standIn.setMode('answer');
      const { trip, owner } = await tripWithMembers(api, {
        start_date: today(),
        end_date: addDays(today(), 4),
        latitude: 38.72231,
        longitude: -9.13934,
      });
      const res = await api.call('GET', `/api/trips/${trip.id}/weather`, { token: owner.token });
      expect(res.status).toBe(200);
      expect(res.body.source).toBe('open-meteo');
      expect(res.body.days[0]).toEqual({
        date: today(),
        min_c: 11.3,
        max_c: 19.8,
        avg_c: 15.2,
        text: 'Rain',
        icon: 'rain',
        estimate: false,
      });
      expect(res.body.days.map((d: { estimate: boolean }) => d.estimate)).toEqual([
        false,
        false,
        false,
        true,
        true,
      ]);
      expect(Object.fromEntries(standIn.requests.at(-1)!.searchParams)).toEqual({
        latitude: '38.7223',
        longitude: '-9.1393',
        daily: 'weather_code,temperature_2m_max,temperature_2m_min,temperature_2m_mean',
        timezone: 'auto',
        forecast_days: '14',
      });
    });

    it.each([
      ['refuses', 'error'],
      ['does not answer in time', 'hang'],
    ] as const)('estimates every day, saying so, when the service %s', async (_case, mode) => {
      standIn.setMode(mode);
      const { trip, owner } = await tripWithMembers(api, {
        start_date: today(),
        end_date: addDays(today(), 2),
        latitude: 10 + Math.random() * 50, // a place of its own: not in the cache
        longitude: 20,
      });
      const started = Date.now();
      const res = await api.call('GET', `/api/trips/${trip.id}/weather`, { token: owner.token });
      expect(Date.now() - started).toBeLessThan(2000);
      expect(res.body.source).toBe('estimate');
      expect(res.body.days.every((d: { estimate: boolean }) => d.estimate)).toBe(true);
    });
  });

  describe('without a forecast key', () => {
    let api: TestApi;
    beforeAll(async () => {
      api = await startTestApi();
    });
    afterAll(() => api.close());

    it('estimates each remaining day of a trip ending within 14 days, the same on every call', async () => {
      const { trip, participant } = await tripWithMembers(api, {
        start_date: addDays(today(), -1),
        end_date: addDays(today(), 3),
      });
      const res = await api.call('GET', `/api/trips/${trip.id}/weather`, { token: participant.token });
      expect(res.status).toBe(200);
      expect(res.body.available).toBe(true);
      expect(tripWeatherSchema.safeParse(res.body).success).toBe(true); // what the web app checks it against
      expect(res.body.source).toBe('estimate'); // Open-Meteo unreachable (test-support's closed port)
      expect(res.body.days.map((d: { date: string }) => d.date)).toEqual(
        [0, 1, 2, 3].map((n) => addDays(today(), n)),
      );
      expect(res.body.days.every((d: { estimate: boolean }) => d.estimate)).toBe(true);
      expect(
        (await api.call('GET', `/api/trips/${trip.id}/weather`, { token: participant.token })).body,
      ).toEqual(res.body);
    });

    it.each([
      ['ends more than 14 days away', { start_date: addDays(today(), 20), end_date: addDays(today(), 25) }],
      ['ended yesterday', { start_date: addDays(today(), -5), end_date: addDays(today(), -1) }],
      [
        'has no coordinates',
        { start_date: today(), end_date: addDays(today(), 2), latitude: null, longitude: null },
      ],
    ])('answers unavailable for a trip that %s', async (_case, overrides) => {
      const { trip, owner } = await tripWithMembers(api, overrides);
      const res = await api.call('GET', `/api/trips/${trip.id}/weather`, { token: owner.token });
      expect(res.body).toEqual({ available: false });
    });

    it('answers a stranger 404 and no session 401', async () => {
      const { trip, stranger } = await tripWithMembers(api);
      expect((await api.call('GET', `/api/trips/${trip.id}/weather`, { token: stranger.token })).status).toBe(
        404,
      );
      expect((await api.call('GET', `/api/trips/${trip.id}/weather`)).status).toBe(401);
    });
  });

  describe('with a forecast key', () => {
    let api: TestApi;
    let standIn: Awaited<ReturnType<typeof startForecastStandIn>>;
    beforeAll(async () => {
      standIn = await startForecastStandIn();
      api = await startTestApi({
        WEATHER_API_KEY: 'secret-key',
        WEATHER_API_BASE_URL: standIn.baseUrl,
        WEATHER_RETRY_AFTER_MS: String(RETRY_AFTER_MS),
      });
    });
    afterAll(async () => {
      await api.close();
      await standIn.close();
    });

    it('asks the service once per place and day, and estimates the days it did not cover', async () => {
      const overrides = {
        start_date: today(),
        end_date: addDays(today(), 4),
        latitude: 38.72231,
        longitude: -9.13934,
      };
      const { trip, owner } = await tripWithMembers(api, overrides);
      const res = await api.call('GET', `/api/trips/${trip.id}/weather`, { token: owner.token });
      expect(res.status).toBe(200);
      expect(res.body.days).toHaveLength(5);
      expect(res.body.source).toBe('weatherapi');
      expect(res.body.days[0]).toEqual({
        date: today(),
        min_c: 12.2,
        max_c: 21.4,
        avg_c: 16.6,
        text: 'Patchy rain nearby',
        icon: 'rain',
        estimate: false,
      });
      expect(res.body.days.map((d: { estimate: boolean }) => d.estimate)).toEqual([
        false,
        false,
        false,
        true,
        true,
      ]);
      expect(JSON.stringify(res.body)).not.toContain('secret-key');

      expect(standIn.requests).toHaveLength(1);
      expect(Object.fromEntries(standIn.requests[0]!.searchParams)).toEqual({
        key: 'secret-key',
        q: '38.72231,-9.13934',
        days: '14',
        aqi: 'no',
        alerts: 'no',
      });
      // A second trip at the same place on the same day is served from the cache.
      const neighbour = await tripWithMembers(api, overrides);
      await api.call('GET', `/api/trips/${neighbour.trip.id}/weather`, { token: neighbour.owner.token });
      expect(standIn.requests).toHaveLength(1);
    });

    it('falls back to the estimate when the service fails, rests it, then asks again', async () => {
      const overrides = {
        start_date: today(),
        end_date: addDays(today(), 1),
        latitude: 41.15,
        longitude: -8.61,
      };
      const { trip, owner } = await tripWithMembers(api, overrides);
      const before = standIn.requests.length;
      standIn.failOnce();
      const failed = await api.call('GET', `/api/trips/${trip.id}/weather`, { token: owner.token });
      expect(failed.status).toBe(200);
      expect(failed.body.days.every((d: { estimate: boolean }) => d.estimate)).toBe(true);
      expect(failed.body.source).toBe('estimate');
      const resting = await api.call('GET', `/api/trips/${trip.id}/weather`, { token: owner.token });
      expect(resting.body.source).toBe('estimate');
      expect(standIn.requests.length).toBe(before + 1); // not asked while it rests
      await new Promise((resolve) => setTimeout(resolve, RETRY_AFTER_MS + 50));
      const retried = await api.call('GET', `/api/trips/${trip.id}/weather`, { token: owner.token });
      expect(retried.body.days[0].estimate).toBe(false);
      expect(standIn.requests.length).toBe(before + 2);
    });
  });
});

describe('describeWmoCode', () => {
  it.each([
    [0, 'sun'],
    [2, 'partly-cloudy'],
    [3, 'cloud'],
    [45, 'fog'],
    [53, 'rain'],
    [81, 'rain'],
    [73, 'snow'],
    [86, 'snow'],
    [95, 'storm'],
  ])('maps WMO code %i to %s', (code, icon) => {
    expect(describeWmoCode(code).icon).toBe(icon);
  });
});

describe('iconForCondition', () => {
  it.each([
    [1000, 'sun'],
    [1003, 'partly-cloudy'],
    [1009, 'cloud'],
    [1135, 'fog'],
    [1063, 'rain'],
    [1195, 'rain'],
    [1213, 'snow'],
    [1087, 'storm'],
    [1276, 'storm'],
  ])('maps WeatherAPI condition %i to %s', (code, icon) => {
    expect(iconForCondition(code)).toBe(icon);
  });
});
