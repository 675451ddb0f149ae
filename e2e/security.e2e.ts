import fs from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startServer, type RunningServer } from './support/server';

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
});
