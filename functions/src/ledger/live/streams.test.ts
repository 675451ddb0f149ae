import type { AddressInfo } from 'node:net';
import express from 'express';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createLedgerEvents } from './events';
import { openLiveStream } from './streams';

/** The stream writer on a real HTTP server with a fast heartbeat, read with fetch as the browser does. */
describe('live stream heartbeats', () => {
  const events = createLedgerEvents();
  let member = true;
  let server: ReturnType<express.Express['listen']>;
  let url: string;

  beforeAll(async () => {
    const app = express();
    app.get('/live', (req, res) =>
      openLiveStream(req, res, {
        tripId: 't1',
        userId: 'u1',
        events,
        stillMember: async () => member,
        heartbeatMs: 50,
      }),
    );
    server = await new Promise((resolve) => {
      const s = app.listen(0, '127.0.0.1', () => resolve(s));
    });
    url = `http://127.0.0.1:${(server.address() as AddressInfo).port}/live`;
  });
  afterAll(() => new Promise((resolve) => server.close(resolve)));

  it('sends heartbeats while the user is a member and ends the stream once they are not', async () => {
    const response = await fetch(url);
    expect(response.headers.get('cache-control')).toBe('no-store, no-transform');
    const reader = response.body!.pipeThrough(new TextDecoderStream()).getReader();
    let text = '';
    while (!text.includes(': heartbeat')) text += (await reader.read()).value ?? '';
    expect(text).toContain('retry: 2000');
    expect(text).toContain('event: ready');

    member = false;
    for (;;) {
      const { done } = await reader.read();
      if (done) break;
    }
  });
});
