import fs from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { api as apiFunction, sweepGuides, writeGuide } from './index';
import { startTestApi, TEST_JWT_SECRET, type TestApi } from '../test-support/api-server';

const ROOT = path.resolve(import.meta.dirname, '../..');
const readJson = (file: string) => JSON.parse(fs.readFileSync(path.join(ROOT, file), 'utf8'));
const firebaseJson = readJson('firebase.json');

/** Headers helmet sets: the ones Hosting must send for the pages it serves itself. */
const HELMET_HEADERS = [
  'content-security-policy',
  'cross-origin-opener-policy',
  'cross-origin-resource-policy',
  'origin-agent-cluster',
  'referrer-policy',
  'strict-transport-security',
  'x-content-type-options',
  'x-dns-prefetch-control',
  'x-download-options',
  'x-frame-options',
  'x-permitted-cross-domain-policies',
  'x-xss-protection',
];

describe('deployable as configured', () => {
  it('runs on a supported Node runtime (nodejs22) in firebase.json and the package engines', () => {
    expect(firebaseJson.functions[0].runtime).toBe('nodejs22');
    expect(readJson('functions/package.json').engines.node).toBe('22');
  });

  it('sets region, timeout, memory and the secret of the API function', () => {
    const endpoint = (apiFunction as unknown as { __endpoint: Record<string, unknown> }).__endpoint;
    expect(endpoint.region).toEqual(['us-central1']);
    expect(endpoint.timeoutSeconds).toBe(120);
    expect(endpoint.availableMemoryMb).toBe(512);
    expect(endpoint.secretEnvironmentVariables).toEqual([expect.objectContaining({ key: 'JWT_SECRET' })]);
  });

  it('writes Gemini guides in a task queue function whose timeout covers two attempts and the fallback', () => {
    const endpoint = (writeGuide as unknown as { __endpoint: Record<string, any> }).__endpoint; // eslint-disable-line @typescript-eslint/no-explicit-any
    expect(endpoint.region).toEqual(['us-central1']);
    expect(endpoint.timeoutSeconds).toBeGreaterThanOrEqual((2 * 45_000) / 1000 + 15);
    expect(endpoint.taskQueueTrigger.retryConfig.maxAttempts).toBeGreaterThan(1);
    expect(endpoint.taskQueueTrigger.rateLimits.maxConcurrentDispatches).toBeGreaterThan(0);
    expect(endpoint.secretEnvironmentVariables).toEqual([expect.objectContaining({ key: 'JWT_SECRET' })]);
  });

  it('sweeps guides no task finished on a schedule', () => {
    const endpoint = (sweepGuides as unknown as { __endpoint: Record<string, any> }).__endpoint; // eslint-disable-line @typescript-eslint/no-explicit-any
    expect(endpoint.region).toEqual(['us-central1']);
    expect(endpoint.scheduleTrigger.schedule).toBe('every 15 minutes');
  });

  it("needs nothing firebase mode never loads: the embedded server's SQLite driver is an optional dependency", () => {
    const functionsPackage = readJson('functions/package.json');
    expect(functionsPackage.dependencies).not.toHaveProperty('better-sqlite3');
    expect(functionsPackage.optionalDependencies).toHaveProperty('better-sqlite3');
    expect(readJson('package.json').dependencies ?? {}).not.toHaveProperty('better-sqlite3');
  });

  it('rewrites every /api path to that function in that region, dot segments included', () => {
    // A regex, not the glob /api/**: a glob's ** skips path segments that start with a dot (/api/trips/.x), which
    // then got Hosting's HTML 404 instead of the API's JSON error (fuzz.api in the emulators project).
    const rewrite = firebaseJson.hosting.rewrites.find((r: { regex?: string }) => r.regex === '^/api(/.*)?$');
    expect(rewrite.function).toEqual({ functionId: 'api', region: 'us-central1' });
  });

  describe('Hosting sends the security headers the embedded server sends', () => {
    let api: TestApi;
    beforeAll(async () => {
      // Configured as deployed: firebase mode, with a Maps key built into the web app.
      api = await startTestApi({
        WAYFARE_BACKEND: 'firebase',
        JWT_SECRET: TEST_JWT_SECRET,
        VITE_GOOGLE_MAPS_API_KEY: 'browser-key',
      });
    });
    afterAll(() => api?.close());

    it('the same names and values', async () => {
      const res = await api.call('GET', '/api/health');
      const fromHelmet = Object.fromEntries(HELMET_HEADERS.map((name) => [name, res.headers.get(name)]));
      const hostingRule = firebaseJson.hosting.headers.find((h: { source: string }) => h.source === '**');
      const fromHosting = Object.fromEntries(
        hostingRule.headers.map((h: { key: string; value: string }) => [h.key.toLowerCase(), h.value]),
      );
      expect(fromHosting).toEqual(fromHelmet);
    });
  });
});
