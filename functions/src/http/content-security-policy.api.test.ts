import { describe, expect, it } from 'vitest';
import { startTestApi } from '../../test-support/api-server';

/** The page's CSP as the server sends it: directive name → its sources. */
async function policy(env: Record<string, string>) {
  const api = await startTestApi(env);
  try {
    const header = (await api.call('GET', '/api/health')).headers.get('content-security-policy') ?? '';
    return Object.fromEntries(
      header.split(';').map((directive) => {
        const [name, ...sources] = directive.trim().split(/\s+/);
        return [name as string, sources];
      }),
    );
  } finally {
    await api.close();
  }
}

describe('content security policy: exactly the configured third-party origins', () => {
  it("without keys: OpenStreetMap's tiles and Wikipedia's images, nothing of Google's", async () => {
    const csp = await policy({});
    expect(csp['img-src']).toEqual([
      "'self'",
      'data:',
      'blob:',
      'https://tile.openstreetmap.org',
      'https://upload.wikimedia.org',
    ]);
    expect(csp['script-src']).toEqual(["'self'"]);
    expect(csp['connect-src']).toEqual(["'self'"]);
  });

  it('admits the configured tile server instead, a {s} subdomain as any subdomain', async () => {
    const csp = await policy({ VITE_MAP_TILE_URL: 'https://{s}.tiles.example.org:8443/{z}/{x}/{y}.png' });
    expect(csp['img-src']).toContain('https://*.tiles.example.org:8443');
    expect(csp['img-src']).not.toContain('https://tile.openstreetmap.org');
  });

  it("with both Maps keys: Google's origins only, no tiles and no Wikipedia", async () => {
    const csp = await policy({ GOOGLE_MAPS_API_KEY: 'server-key', VITE_GOOGLE_MAPS_API_KEY: 'browser-key' });
    expect(csp['img-src']).toEqual([
      "'self'",
      'data:',
      'blob:',
      'https://maps.googleapis.com',
      'https://maps.gstatic.com',
      'https://*.googleusercontent.com',
    ]);
  });

  it('refuses a tile URL that is not an http(s) address at start-up', async () => {
    await expect(startTestApi({ VITE_MAP_TILE_URL: 'javascript:alert(1)//{z}' })).rejects.toThrow(
      /VITE_MAP_TILE_URL/,
    );
  });
});
