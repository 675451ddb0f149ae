import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { brotliCompressSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApi, type TestApi } from '../test-support/api-server';

describe('the app skeleton over HTTP', () => {
  let api: TestApi;
  let webDist: string;
  const bundle = `console.log(${JSON.stringify('wayfare '.repeat(400))});`;

  beforeAll(async () => {
    webDist = fs.mkdtempSync(path.join(os.tmpdir(), 'wayfare-web-'));
    fs.mkdirSync(path.join(webDist, 'assets'));
    fs.writeFileSync(path.join(webDist, 'index.html'), '<!doctype html><div id="root">Wayfare app</div>');
    fs.writeFileSync(path.join(webDist, 'assets', 'index-abc123.js'), bundle);
    // As the build writes it: the brotli file beside the asset (marked here, to tell it from on-the-fly output).
    fs.writeFileSync(
      path.join(webDist, 'assets', 'index-abc123.js.br'),
      brotliCompressSync(`${bundle}//prebuilt`),
    );
    api = await startTestApi({}, { webDist });
  });
  afterAll(async () => {
    await api.close();
    fs.rmSync(webDist, { recursive: true, force: true });
  });

  it('answers health once the store is ready', async () => {
    const res = await api.call('GET', '/api/health');
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ ok: true });
  });

  it('answers unknown /api routes with a 404 JSON error, not the web app', async () => {
    for (const [method, route] of [
      ['GET', '/api/nowhere'],
      ['POST', '/api/trips/x/unknown'],
      ['DELETE', '/api'],
    ]) {
      const res = await api.call(method as string, route as string);
      expect(res.status).toBe(404);
      expect(res.body).toEqual({ error: expect.stringContaining('No API route') });
    }
  });

  it('serves the web app for every other path (SPA fallback), revalidated', async () => {
    for (const route of ['/', '/trips/abc', '/nowhere/at/all']) {
      const res = await api.call('GET', route);
      expect(res.status).toBe(200);
      expect(res.body).toContain('Wayfare app');
      expect(res.headers.get('cache-control')).toBe('no-cache');
    }
  });

  it('serves hashed assets compressed with a long cache', async () => {
    const res = await fetch(`${api.baseUrl}/assets/index-abc123.js`, {
      headers: { 'accept-encoding': 'gzip' },
    });
    expect(res.status).toBe(200);
    expect(res.headers.get('cache-control')).toBe('public, max-age=31536000, immutable');
    expect(res.headers.get('content-encoding')).toBe('gzip');
    expect(await res.text()).toBe(bundle);
  });

  it('sends the prebuilt brotli file beside an asset as it is, to clients that accept brotli', async () => {
    const res = await fetch(`${api.baseUrl}/assets/index-abc123.js`, {
      headers: { 'accept-encoding': 'gzip, deflate, br' },
    });
    expect(res.status).toBe(200);
    expect(res.headers.get('content-encoding')).toBe('br');
    expect(res.headers.get('content-type')).toMatch(/javascript/);
    expect(res.headers.get('cache-control')).toBe('public, max-age=31536000, immutable');
    expect(await res.text()).toBe(`${bundle}//prebuilt`);
  });

  it('sets security headers and a request id, echoing a sane one from the caller', async () => {
    const res = await api.call('GET', '/api/health', { headers: { 'x-request-id': 'trace-42' } });
    expect(res.headers.get('x-request-id')).toBe('trace-42');
    expect(res.headers.get('x-content-type-options')).toBe('nosniff');
    expect(res.headers.get('content-security-policy')).toContain("default-src 'self'");
    expect(res.headers.get('x-powered-by')).toBeNull();
    const generated = await api.call('GET', '/api/health', { headers: { 'x-request-id': '<script>' } });
    expect(generated.headers.get('x-request-id')).toMatch(/^[0-9a-f-]{36}$/);
  });
});
