import fs from 'node:fs';
import path from 'node:path';
import Database from 'better-sqlite3';
import { afterAll, describe, expect, it } from 'vitest';
import { startServer, type RunningServer } from './support/server';

/**
 * Crash safety of the embedded backend: writes stream in, the server is killed with SIGKILL mid-stream, and after
 * a restart on the same data folder every write that had answered 2xx is there and the database is intact.
 */
describe('durability across a crash (SIGKILL)', () => {
  const servers: RunningServer[] = [];
  afterAll(async () => {
    await Promise.all(servers.map((s) => s.stop()));
    if (servers[0]) fs.rmSync(servers[0].dataDir, { recursive: true, force: true });
  });

  it('keeps every acknowledged write', async () => {
    const env = { RATE_LIMIT_AUTH_PER_IP: '100000' };
    const first = await startServer({ env });
    servers.push(first);

    const acknowledged: string[] = [];
    let stopped = false;
    const writer = async (lane: number) => {
      for (let i = 0; !stopped; i += 1) {
        const email = `crash.${lane}.${i}@example.com`;
        const res = await fetch(`${first.baseUrl}/api/auth/register`, {
          method: 'POST',
          headers: { 'content-type': 'application/json' },
          body: JSON.stringify({
            username: `crash_${lane}_${i}`,
            email,
            password: 'durable password',
            first_name: 'C',
            last_name: 'K',
          }),
        }).catch(() => undefined);
        if (res?.status === 201) acknowledged.push(email);
        else if (!res) return; // the server is gone
      }
    };
    const lanes = Promise.all([0, 1, 2, 3].map(writer));
    while (acknowledged.length < 40) await new Promise((r) => setTimeout(r, 10));
    await first.stop('SIGKILL');
    stopped = true;
    await lanes;

    const second = await startServer({ dataDir: first.dataDir, env });
    servers.push(second);
    for (const email of acknowledged) {
      const res = await fetch(`${second.baseUrl}/api/auth/login`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ email, password: 'durable password' }),
      });
      expect(res.status, email).toBe(200);
    }
    await second.stop();

    const db = new Database(path.join(first.dataDir, 'wayfare.db'), { readonly: true });
    expect(db.pragma('integrity_check', { simple: true })).toBe('ok');
    db.close();
  });
});
