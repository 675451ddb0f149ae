import http from 'node:http';
import type { AddressInfo } from 'node:net';

/** What the stand-in's Media call answers: a key-free photo address on Google's image host. */
export const PLACES_PHOTO_URI = 'https://lh3.googleusercontent.com/p/abc=w800';

/**
 * A local stand-in for Google Places (New): Text Search answers one place with one photo (none for 'Nowhere'), and
 * that photo's Media call answers PLACES_PHOTO_URI. Every call is recorded with its key, field mask and body.
 */
export async function startPlacesStandIn() {
  const calls: Array<{ method: string; url: string; key: unknown; mask: unknown; body: string }> = [];
  const server = http.createServer((req, res) => {
    let body = '';
    req.on('data', (c: Buffer) => (body += c.toString()));
    req.on('end', () => {
      calls.push({
        method: req.method ?? '',
        url: req.url ?? '',
        key: req.headers['x-goog-api-key'],
        mask: req.headers['x-goog-fieldmask'],
        body,
      });
      res.setHeader('content-type', 'application/json');
      if (req.url === '/v1/places:searchText') {
        const { textQuery } = JSON.parse(body) as { textQuery: string };
        if (textQuery === 'Nowhere') return res.end('{}');
        return res.end(JSON.stringify({ places: [{ photos: [{ name: 'places/ChIJ123/photos/AbC-9' }] }] }));
      }
      if (req.url?.startsWith('/v1/places/ChIJ123/photos/AbC-9/media?')) {
        return res.end(
          JSON.stringify({ name: 'places/ChIJ123/photos/AbC-9/media', photoUri: PLACES_PHOTO_URI }),
        );
      }
      res.statusCode = 404;
      res.end('{}');
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return {
    baseUrl: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
    calls,
    async close() {
      server.closeAllConnections();
      await new Promise((resolve) => server.close(resolve));
    },
  };
}
