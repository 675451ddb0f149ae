import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterEach, describe, expect, it } from 'vitest';
import { followLedger, reconnectDelay, type StreamStatus } from './liveStream';

describe('reconnectDelay', () => {
  it("backs off from the server's retry (1 s until it says one), doubling up to 15 s", () => {
    expect([0, 1, 2, 3, 4, 10].map((n) => reconnectDelay(n))).toEqual([1000, 2000, 4000, 8000, 15000, 15000]);
    expect([0, 1, 2, 5].map((n) => reconnectDelay(n, 250))).toEqual([250, 500, 1000, 8000]);
  });
});

/** A real SSE endpoint on loopback: each connection gets the next scripted answer; requests are recorded. */
function sseServer(script: Array<(res: http.ServerResponse) => void>) {
  const requests: http.IncomingHttpHeaders[] = [];
  const server = http.createServer((req, res) => {
    requests.push(req.headers);
    const answer = script[requests.length - 1];
    if (answer) answer(res);
    else res.writeHead(200, { 'content-type': 'text/event-stream' }).flushHeaders(); // then stays open
  });
  return new Promise<{ url: string; requests: typeof requests; close: () => void }>((resolve) => {
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address() as AddressInfo;
      resolve({
        url: `http://127.0.0.1:${port}/live`,
        requests,
        close: () => {
          server.closeAllConnections();
          server.close();
        },
      });
    });
  });
}

describe('followLedger against a live SSE endpoint', () => {
  const cleanups: Array<() => void> = [];
  afterEach(() => cleanups.splice(0).forEach((stop) => stop()));

  it("reads events split across chunks, reconnects after the server's retry with Last-Event-ID, and refetches", async () => {
    const server = await sseServer([
      (res) => {
        res.writeHead(200, { 'content-type': 'text/event-stream' });
        res.write('retry: 50\n\nid: a-1\nevent: ready\ndata: {}\n\n: heartbeat\n\nid: a-2\nevent: cha');
        setTimeout(() => res.end('nge\ndata: {"kind":"expense.created"}\r\n\r\n'), 20);
      },
    ]);
    cleanups.push(server.close);
    const statuses: StreamStatus[] = [];
    let changes = 0;
    const reconnected = new Promise<void>((resolve) => {
      const stop = followLedger(server.url, {
        onChange: () => {
          changes += 1;
          if (changes === 2) resolve(); // the change event, then the refetch that follows a reconnect
        },
        onStatus: (status) => statuses.push(status),
        onRevoked: () => {},
      });
      cleanups.push(stop);
    });
    const started = Date.now();
    await reconnected;
    expect(Date.now() - started).toBeLessThan(1000); // the server's 50 ms, not the default 1 s
    expect(server.requests[1]?.['last-event-id']).toBe('a-2');
    expect(statuses.slice(0, 4)).toEqual(['connecting', 'live', 'reconnecting', 'reconnecting']);
  });

  it('refetches on its first connection when opened late (the page read the ledger before following it)', async () => {
    const server = await sseServer([]);
    cleanups.push(server.close);
    const seen: string[] = [];
    await new Promise<void>((resolve) => {
      const follow = (openedLate: boolean) =>
        followLedger(
          server.url,
          {
            onChange: () => {
              seen.push(`change ${openedLate}`);
              resolve();
            },
            onStatus: (status) => {
              seen.push(`${status} ${openedLate}`);
              if (status === 'live' && !openedLate) cleanups.push(follow(true));
            },
            onRevoked: () => {},
          },
          { openedLate },
        );
      cleanups.push(follow(false));
    });
    expect(seen).toEqual(['connecting false', 'live false', 'connecting true', 'live true', 'change true']);
  });

  it('stops for good on a revoked event or a 404, without reconnecting', async () => {
    const server = await sseServer([
      (res) => {
        res.writeHead(200, { 'content-type': 'text/event-stream' });
        res.write('retry: 10\n\nid: b-1\nevent: revoked\ndata: {}\n\n');
      },
    ]);
    cleanups.push(server.close);
    await new Promise<void>((resolve) =>
      cleanups.push(followLedger(server.url, { onChange: () => {}, onStatus: () => {}, onRevoked: resolve })),
    );
    const gone = await sseServer([(res) => res.writeHead(404).end()]);
    cleanups.push(gone.close);
    await new Promise<void>((resolve) =>
      cleanups.push(followLedger(gone.url, { onChange: () => {}, onStatus: () => {}, onRevoked: resolve })),
    );
    expect([server.requests.length, gone.requests.length]).toEqual([1, 1]);
  });
});
