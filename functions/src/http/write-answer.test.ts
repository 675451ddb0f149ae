import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { gunzipSync } from 'node:zlib';
import express from 'express';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { compressAnswers } from './compress-answers';
import { sendWriteAnswer } from './write-answer';

// An expense answer's size and characters: over express's 1,000-character ETag threshold, non-ASCII names.
const answer = {
  expense: {
    title: 'Café – Zürich',
    participants: Array.from({ length: 20 }, (_, i) => ({
      user_id: `user-${i}`,
      first_name: 'Łukasz',
      share: 61,
    })),
  },
};

interface Answer {
  status: number;
  headers: Record<string, string | string[] | undefined>;
  body: Buffer;
}

function post(port: number, path: string, headers: Record<string, string> = {}) {
  return new Promise<Answer>((resolve, reject) => {
    const req = http.request({ host: '127.0.0.1', port, path, method: 'POST', headers }, (res) => {
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

describe('sendWriteAnswer', () => {
  let server: http.Server;
  let port = 0;
  beforeAll(async () => {
    const app = express();
    app.use(compressAnswers({}));
    app.post('/json', (_req, res) => {
      res.status(201).json(answer);
    });
    app.post('/write', (_req, res) => {
      sendWriteAnswer(res, 201, answer);
    });
    // As idempotency.ts has it: the answer goes through res.json, which keeps it.
    app.post('/kept', (_req, res) => {
      res.locals.keepsAnswer = true;
      const json = res.json.bind(res);
      res.json = (body: unknown) => json({ kept: body });
      sendWriteAnswer(res, 201, answer);
    });
    server = app.listen(0, '127.0.0.1');
    await new Promise((resolve) => server.once('listening', resolve));
    port = (server.address() as AddressInfo).port;
  });
  afterAll(() => new Promise((resolve) => server.close(resolve)));

  it('answers as res.status().json() does, less the ETag: status, every other header, the same bytes', async () => {
    const [json, write] = await Promise.all([post(port, '/json'), post(port, '/write')]);
    expect(json.headers.etag).toMatch(/^W\/"/);
    const { etag: _etag, ...headers } = json.headers;
    expect(write).toEqual({ ...json, headers });
    expect(JSON.parse(write.body.toString('utf8'))).toEqual(answer);
    expect(write.headers['content-length']).toBe(String(Buffer.byteLength(JSON.stringify(answer))));
  });

  it('is compressed as res.json is for a request that accepts gzip', async () => {
    const gzip = { 'accept-encoding': 'gzip' };
    const [json, write] = await Promise.all([post(port, '/json', gzip), post(port, '/write', gzip)]);
    const { etag: _etag, ...headers } = json.headers;
    expect(write.headers).toEqual(headers);
    expect(write.headers['content-encoding']).toBe('gzip');
    expect(JSON.parse(gunzipSync(write.body).toString('utf8'))).toEqual(answer);
  });

  it('answers through res.json when the write keeps its answer (an Idempotency-Key)', async () => {
    const kept = await post(port, '/kept');
    expect(kept.status).toBe(201);
    expect(JSON.parse(kept.body.toString('utf8'))).toEqual({ kept: answer });
  });
});
