import fs from 'node:fs';
import { afterAll, describe, expect, it } from 'vitest';
import { registerAccount, startServer, type RunningServer } from './support/server';

describe('the embedded server, as npm start runs it', () => {
  const servers: RunningServer[] = [];
  afterAll(async () => {
    await Promise.all(servers.map((s) => s.stop()));
    for (const { dataDir } of servers) fs.rmSync(dataDir, { recursive: true, force: true });
  });

  it('keeps accounts and sessions across a restart', async () => {
    const first = await startServer();
    servers.push(first);
    const account = await registerAccount(first.baseUrl);
    const login = await fetch(`${first.baseUrl}/api/auth/login`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ email: account.email, password: account.password }),
    });
    const { token } = (await login.json()) as { token: string };
    await first.stop();

    const second = await startServer({ dataDir: first.dataDir });
    servers.push(second);
    const me = await fetch(`${second.baseUrl}/api/auth/me`, {
      headers: { authorization: `Bearer ${token}` },
    });
    expect(me.status).toBe(200);
    expect(((await me.json()) as { user: { email: string } }).user.email).toBe(account.email);
  });

  it('serves the built web app on any non-API path', async () => {
    const server = await startServer();
    servers.push(server);
    for (const route of ['/', '/trips/abc', '/nowhere']) {
      const res = await fetch(server.baseUrl + route);
      expect(res.status).toBe(200);
      expect(await res.text()).toContain('<div id="root">');
    }
    const api404 = await fetch(`${server.baseUrl}/api/nowhere`);
    expect(api404.status).toBe(404);
    expect(await api404.json()).toEqual({ error: expect.any(String) });
  });
});
