import type { AddressInfo } from 'node:net';
import express from 'express';
import { pino } from 'pino';
import { describe, expect, it } from 'vitest';
import { requestLog } from './request-log';

/** An app behind requestLog whose log lines are collected as parsed JSON. */
async function loggedApp(level: string) {
  const lines: Array<Record<string, unknown>> = [];
  const logger = pino({ level }, { write: (line: string) => lines.push(JSON.parse(line)) });
  const app = express();
  app.use(requestLog(logger));
  app.get('/ok', (_req, res) => res.json({ ok: true }));
  app.get('/boom', (_req, res) => res.status(503).json({ error: 'down' }));
  const server = app.listen(0, '127.0.0.1');
  await new Promise((resolve) => server.once('listening', resolve));
  const base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  const settled = () => new Promise((resolve) => setTimeout(resolve, 20));
  return { lines, base, settled, close: () => new Promise((resolve) => server.close(resolve)) };
}

describe('requestLog', () => {
  it('logs one line per request: id, method, path and status, never the query or headers', async () => {
    const app = await loggedApp('info');
    const res = await fetch(`${app.base}/ok?token=secret-query`, {
      headers: { authorization: 'Bearer secret-token', 'x-request-id': 'trace-7' },
    });
    expect(res.headers.get('x-request-id')).toBe('trace-7');
    await app.settled();
    await fetch(`${app.base}/boom`);
    await app.settled();
    await app.close();
    expect(app.lines).toHaveLength(2);
    expect(app.lines[0]).toMatchObject({
      level: 30,
      msg: 'request completed',
      req: { id: 'trace-7', method: 'GET', path: '/ok' },
      res: { status: 200 },
      responseTime: expect.any(Number),
    });
    expect(app.lines[1]).toMatchObject({ level: 50, msg: 'request errored', res: { status: 503 } });
    expect(JSON.stringify(app.lines)).not.toMatch(/secret/);
  });

  it('still answers a request id when the level drops request lines, and writes nothing', async () => {
    const app = await loggedApp('warn');
    const res = await fetch(`${app.base}/ok`, { headers: { 'x-request-id': '<script>' } });
    expect(res.headers.get('x-request-id')).toMatch(/^[0-9a-f-]{36}$/);
    await app.settled();
    await app.close();
    expect(app.lines).toEqual([]);
  });
});
