import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { citySuggestionsResponseSchema, placePhotoResponseSchema } from '@wayfare/contract';
import { startTestApi, type TestApi } from '../../test-support/api-server';
import { PLACES_PHOTO_URI, startPlacesStandIn } from '../../test-support/places-stand-in';
import { signedInUser } from '../../test-support/trip-members';

describe('GET /api/places/cities', () => {
  let api: TestApi;
  let token: string;
  beforeAll(async () => {
    api = await startTestApi();
    token = (await signedInUser(api)).token;
  });
  afterAll(() => api.close());

  const search = async (q: string) =>
    citySuggestionsResponseSchema.parse(
      (await api.call('GET', `/api/places/cities?q=${encodeURIComponent(q)}`, { token })).body,
    ).cities;

  it('matches name prefixes without regard to accents or case, most populous first, with country and coordinates', async () => {
    const [paris] = await search('par');
    expect(paris).toEqual({
      id: expect.any(String),
      name: 'Paris',
      countryCode: 'FR',
      country: 'France',
      latitude: expect.closeTo(48.853, 2),
      longitude: expect.closeTo(2.349, 2),
      population: expect.any(Number),
    });
    expect((await search('SAO PAU'))[0]?.name).toBe('São Paulo');
    expect((await search('zurich'))[0]?.name).toBe('Zürich');
    expect((await search('krakow'))[0]?.name).toBe('Kraków');
    const many = await search('san');
    expect(many.length).toBe(8);
    const populations = many.map((c) => c.population);
    expect([...populations].sort((a, b) => b - a)).toEqual(populations);
  });

  it('rejects a blank query with 400 and needs a session', async () => {
    const blank = await api.call('GET', '/api/places/cities?q=%20', { token });
    expect(blank.status).toBe(400);
    expect(blank.body.error).toBe('Type a city name');
    expect((await api.call('GET', '/api/places/cities?q=par')).status).toBe(401);
  });
});

describe('GET /api/places/photo', () => {
  it('answers success false without a Google Maps key when Wikipedia cannot be reached', async () => {
    const api = await startTestApi(); // Wikipedia at a closed local port (test-support)
    const { token } = await signedInUser(api);
    const res = await api.call('GET', '/api/places/photo?city=Lisbon&maxWidth=800', { token });
    expect(res.body).toEqual({ success: false, photoUrl: null });
    expect(placePhotoResponseSchema.safeParse(res.body).success).toBe(true);
    expect((await api.call('GET', '/api/places/photo?maxWidth=800', { token })).status).toBe(400);
    await api.close();
  });

  it("without a key, answers the city's Wikipedia page image (a local stand-in) with its credit, and caches it", async () => {
    const paths: string[] = [];
    const file = 'Lisbon_(36831596786)_(cropped).jpg';
    const wikipedia = http.createServer((req, res) => {
      paths.push(req.url ?? '');
      res.setHeader('content-type', 'application/json; charset=utf-8');
      const summary = (title: string, extra: object) =>
        JSON.stringify({ type: 'standard', title, displaytitle: title, lang: 'en', ...extra });
      switch (req.url) {
        case '/api/rest_v1/page/summary/Lisbon':
          return res.end(
            summary('Lisbon', {
              thumbnail: {
                source: `https://upload.wikimedia.org/wikipedia/commons/thumb/7/7a/${file}/330px-${file}`,
                width: 330,
                height: 220,
              },
              originalimage: {
                source: `https://upload.wikimedia.org/wikipedia/commons/7/7a/${file}`,
                width: 4000,
                height: 2667,
              },
              content_urls: { desktop: { page: 'https://en.wikipedia.org/wiki/Lisbon' } },
            }),
          );
        case '/api/rest_v1/page/summary/S%C3%A3o_Paulo':
          return res.end(summary('São Paulo', {}));
        case '/api/rest_v1/page/summary/Springfield':
          return res.end(summary('Springfield', { type: 'disambiguation' }));
        case '/api/rest_v1/page/summary/Elsewhere':
          return res.end(
            summary('Elsewhere', {
              originalimage: { source: 'https://example.com/elsewhere.jpg', width: 300, height: 200 },
            }),
          );
        default:
          res.statusCode = 404;
          return res.end(
            JSON.stringify({ type: 'https://mediawiki.org/wiki/HyperSwitch/errors/not_found', status: 404 }),
          );
      }
    });
    await new Promise<void>((resolve) => wikipedia.listen(0, '127.0.0.1', resolve));
    const baseUrl = `http://127.0.0.1:${(wikipedia.address() as AddressInfo).port}`;
    const api = await startTestApi({ WIKIPEDIA_BASE_URL: baseUrl });
    const { token } = await signedInUser(api);
    const photo = async (query: string) =>
      (await api.call('GET', `/api/places/photo?${query}`, { token })).body;

    expect(await photo('city=Lisbon&maxWidth=800')).toEqual({
      success: true,
      photoUrl: `https://upload.wikimedia.org/wikipedia/commons/thumb/7/7a/${file}/960px-${file}`,
      attribution: {
        source: 'wikipedia',
        text: 'Wikimedia Commons',
        url: `https://commons.wikimedia.org/wiki/File:${file}`,
      },
    });
    // What the web app checks it against (a cached answer now).
    expect(placePhotoResponseSchema.safeParse(await photo('city=Lisbon&maxWidth=800')).success).toBe(true);
    expect(paths.filter((p) => p.endsWith('/Lisbon'))).toHaveLength(1);
    // 'City, Country' without a page of its own: the city's article.
    expect((await photo(`city=${encodeURIComponent('Lisbon, Portugal')}&maxWidth=300`)).photoUrl).toBe(
      `https://upload.wikimedia.org/wikipedia/commons/thumb/7/7a/${file}/330px-${file}`,
    );
    // No image, a disambiguation page, an image from elsewhere (outside the CSP), an unknown page: no photo.
    for (const city of ['São Paulo', 'Springfield', 'Elsewhere', 'Atlantis']) {
      expect(await photo(`city=${encodeURIComponent(city)}`)).toEqual({ success: false, photoUrl: null });
    }
    expect(paths).toContain('/api/rest_v1/page/summary/S%C3%A3o_Paulo');

    await api.close();
    wikipedia.closeAllConnections();
    await new Promise((resolve) => wikipedia.close(resolve));
  });

  it('asks Google Places (a local stand-in) for the city’s first photo and caches it', async () => {
    const places = await startPlacesStandIn();
    const { calls } = places;
    const api = await startTestApi({
      GOOGLE_MAPS_API_KEY: 'maps-key',
      GOOGLE_PLACES_BASE_URL: places.baseUrl,
    });
    const { token } = await signedInUser(api);

    const res = await api.call('GET', '/api/places/photo?city=Lisbon&maxWidth=800&lat=38.7&lng=-9.1', {
      token,
    });
    expect(res.body).toEqual({
      success: true,
      photoUrl: PLACES_PHOTO_URI,
      attribution: { source: 'google', text: 'Google', url: null },
    });
    expect(calls[0]).toMatchObject({
      method: 'POST',
      url: '/v1/places:searchText',
      key: 'maps-key',
      mask: 'places.photos',
    });
    expect(JSON.parse(calls[0]!.body)).toMatchObject({
      textQuery: 'Lisbon',
      locationBias: { circle: { center: { latitude: 38.7, longitude: -9.1 } } },
    });
    expect(calls[1]?.url).toBe('/v1/places/ChIJ123/photos/AbC-9/media?maxWidthPx=800&skipHttpRedirect=true');

    await api.call('GET', '/api/places/photo?city=Lisbon&maxWidth=800&lat=38.7&lng=-9.1', { token });
    expect(calls).toHaveLength(2);
    const none = await api.call('GET', '/api/places/photo?city=Nowhere', { token });
    expect(none.body).toEqual({ success: false, photoUrl: null });

    await api.close();
    await places.close();
  });
});
