import { afterEach, describe, expect, it } from 'vitest';
import { startTestApi, type TestApi } from '../test-support/api-server';

const apis: TestApi[] = [];
afterEach(async () => {
  await Promise.all(apis.splice(0).map((api) => api.close()));
});

describe('GET /api/health/caches', () => {
  it('is not there unless WAYFARE_CACHE_REPORT=1', async () => {
    const api = await startTestApi();
    apis.push(api);
    const res = await api.call('GET', '/api/health/caches');
    expect(res.status).toBe(404);
    expect(res.body).toEqual({ error: expect.any(String) });
  });

  it("answers each bounded cache's bytes within its budget, and the process's memory", async () => {
    const api = await startTestApi({ WAYFARE_CACHE_REPORT: '1' });
    apis.push(api);
    const res = await api.call('GET', '/api/health/caches');
    expect(res.status).toBe(200);
    const { caches, memory } = res.body as {
      caches: Array<{ name: string; bytes: number; budget_bytes: number; entries: number }>;
      memory: { rss: number; heapUsed: number };
    };
    expect(caches.map((cache) => cache.name)).toEqual(
      expect.arrayContaining(['users', 'expense pages', 'trip lists', 'settlement plans']),
    );
    for (const cache of caches) expect(cache.bytes).toBeLessThanOrEqual(cache.budget_bytes);
    expect(memory.rss).toBeGreaterThan(memory.heapUsed);
  });
});
