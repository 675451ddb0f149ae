import http from 'node:http';
import type { AddressInfo } from 'node:net';
import express, { type RequestHandler } from 'express';
import helmet, { type HelmetOptions } from 'helmet';
import { afterAll, describe, expect, it } from 'vitest';
import { contentSecurityPolicyDirectives } from './content-security-policy';
import { securityHeaders } from './security-headers';

const servers: http.Server[] = [];
afterAll(async () => {
  await Promise.all(servers.map((s) => new Promise((resolve) => s.close(resolve))));
});

/** The raw header lines (names and values in order, Date aside) of GET / through `handler`. */
async function headersThrough(handler: RequestHandler): Promise<string[]> {
  const app = express();
  app.use(handler);
  app.get('/', (_req, res) => {
    res.json({ ok: true });
  });
  const server = await new Promise<http.Server>((resolve) => {
    const s = app.listen(0, '127.0.0.1', () => resolve(s));
  });
  servers.push(server);
  const { port } = server.address() as AddressInfo;
  return new Promise((resolve, reject) => {
    http
      .get({ host: '127.0.0.1', port, path: '/' }, (res) => {
        res.resume();
        const raw = res.rawHeaders;
        const lines: string[] = [];
        for (let i = 0; i < raw.length; i += 2) if (raw[i] !== 'Date') lines.push(`${raw[i]}: ${raw[i + 1]}`);
        resolve(lines);
      })
      .on('error', reject);
  });
}

const configurations: Array<[string, HelmetOptions]> = [
  ['helmet defaults', {}],
  ...[false, true].flatMap((maps): Array<[string, HelmetOptions]> =>
    [false, true].map((firebase) => [
      `the app's CSP (maps ${maps}, firebase ${firebase})`,
      {
        contentSecurityPolicy: {
          directives: contentSecurityPolicyDirectives({
            maps,
            firebase,
            tileOrigin: maps ? null : 'https://tile.openstreetmap.org',
            wikipediaPhotos: !maps,
          }),
        },
      },
    ]),
  ),
];

describe('security headers worked out once', () => {
  it.each(configurations)('sends what helmet sends, in its order: %s', async (_name, options) => {
    const [expected, actual] = await Promise.all([
      headersThrough(helmet(options)),
      headersThrough(securityHeaders(options)),
    ]);
    expect(expected.some((line) => line.startsWith('Content-Security-Policy: '))).toBe(true);
    expect(actual).toEqual(expected);
  });

  it('refuses a CSP directive worked out per request', () => {
    expect(() =>
      securityHeaders({ contentSecurityPolicy: { directives: { scriptSrc: [() => "'nonce-x'"] } } }),
    ).toThrow(/per request/);
  });
});
