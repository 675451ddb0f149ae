import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { gunzipSync } from 'node:zlib';
import compression from 'compression';
import express, { type RequestHandler } from 'express';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { compressAnswers } from './compress-answers';

const big = { items: Array.from({ length: 200 }, (_, i) => ({ i, name: `item ${i}` })) };

/** Answers of every kind the middleware may meet: small and large JSON, streams, other types, set headers. */
function appWith(compress: RequestHandler) {
  const app = express();
  app.use(compress);
  app.get('/small', (_req, res) => {
    res.json({ ok: true });
  });
  app.get('/large', (_req, res) => {
    res.status(201).json(big);
  });
  app.get('/no-transform', (_req, res) => {
    res.setHeader('Cache-Control', 'public, no-transform');
    res.json(big);
  });
  app.get('/varied', (_req, res) => {
    res.vary('Origin');
    res.json(big);
  });
  app.get('/png', (_req, res) => {
    res.type('png').send(Buffer.alloc(4096, 7));
  });
  app.get('/stream', (_req, res) => {
    res.setHeader('Content-Type', 'text/event-stream');
    res.write('data: one\n\n');
    res.end('data: two\n\n');
  });
  app.get('/encoded', (_req, res) => {
    res.setHeader('Content-Encoding', 'gzip');
    res.type('json').send(Buffer.from('not really gzip'));
  });
  app.get('/write-head', (_req, res) => {
    res.writeHead(202, 'Accepted', { 'Content-Type': 'text/plain', Vary: 'Origin' });
    res.end('x'.repeat(2000));
  });
  app.get('/raw-head', (_req, res) => {
    res.writeHead(200, ['Content-Type', 'text/html', 'X-Raw', 'yes']);
    res.end('<p>hi</p>');
  });
  app.get('/empty', (_req, res) => {
    res.status(204).end();
  });
  return app;
}

interface Answer {
  status: number;
  headers: Record<string, string | string[] | undefined>;
  body: Buffer;
}

function ask(port: number, path: string, method = 'GET', headers: Record<string, string> = {}) {
  return new Promise<Answer>((resolve, reject) => {
    const req = http.request({ host: '127.0.0.1', port, path, method, headers }, (res) => {
      const chunks: Buffer[] = [];
      res.on('data', (chunk: Buffer) => chunks.push(chunk));
      res.on('end', () => {
        const { date: _date, ...rest } = res.headers;
        resolve({ status: res.statusCode ?? 0, headers: rest, body: Buffer.concat(chunks) });
      });
    });
    req.on('error', reject);
    req.end();
  });
}

describe('compression engaged only for requests that accept an encoding', () => {
  const servers: http.Server[] = [];
  let plain = 0;
  let ours = 0;
  const listen = (handler: RequestHandler) =>
    new Promise<number>((resolve) => {
      const server = appWith(handler).listen(0, '127.0.0.1', () =>
        resolve((server.address() as AddressInfo).port),
      );
      servers.push(server);
    });
  beforeAll(async () => {
    plain = await listen(compression());
    ours = await listen(compressAnswers({}));
  });
  afterAll(async () => {
    await Promise.all(servers.map((s) => new Promise((resolve) => s.close(resolve))));
  });

  const paths = [
    '/small',
    '/large',
    '/no-transform',
    '/varied',
    '/png',
    '/stream',
    '/encoded',
    '/write-head',
    '/raw-head',
    '/empty',
    '/nowhere',
  ];

  it.each(paths)('answers GET %s without Accept-Encoding as compression does', async (path) => {
    const [expected, actual] = await Promise.all([ask(plain, path), ask(ours, path)]);
    expect(actual).toEqual(expected);
  });

  it.each(paths)('answers HEAD %s without Accept-Encoding as compression does', async (path) => {
    const [expected, actual] = await Promise.all([ask(plain, path, 'HEAD'), ask(ours, path, 'HEAD')]);
    expect(actual).toEqual(expected);
  });

  it('names Accept-Encoding in Vary on compressible answers only', async () => {
    expect((await ask(ours, '/small')).headers.vary).toBe('Accept-Encoding');
    expect((await ask(ours, '/varied')).headers.vary).toBe('Origin, Accept-Encoding');
    expect((await ask(ours, '/write-head')).headers.vary).toBe('Origin, Accept-Encoding');
    expect((await ask(ours, '/png')).headers.vary).toBeUndefined();
    expect((await ask(ours, '/no-transform')).headers.vary).toBeUndefined();
  });

  it('compresses as compression does when the request accepts gzip', async () => {
    const gzip = { 'accept-encoding': 'gzip' };
    const [expected, actual] = await Promise.all([
      ask(plain, '/large', 'GET', gzip),
      ask(ours, '/large', 'GET', gzip),
    ]);
    expect(actual.headers['content-encoding']).toBe('gzip');
    expect(actual.headers).toEqual(expected.headers);
    expect(JSON.parse(gunzipSync(actual.body).toString())).toEqual(big);
  });
});
