import { describe, expect, it } from 'vitest';
import { parseSse, reconnectDelay } from './liveStream';

describe('parseSse', () => {
  it('reads complete events, skips comments and keeps the unfinished rest', () => {
    const { events, rest } = parseSse(
      'retry: 2000\n\nid: a-1\nevent: ready\ndata: {}\n\n: heartbeat\n\nid: a-2\nevent: change\ndata: {"kind":"expense.created"}\n\nid: a-3\nev',
    );
    expect(events).toEqual([
      { id: 'a-1', event: 'ready', data: '{}' },
      { id: 'a-2', event: 'change', data: '{"kind":"expense.created"}' },
    ]);
    expect(rest).toBe('id: a-3\nev');
  });

  it('joins multi-line data and accepts CRLF line ends', () => {
    expect(parseSse('data: one\r\ndata: two\r\n\r\n').events).toEqual([
      { event: 'message', data: 'one\ntwo' },
    ]);
  });

  it('continues an event split across chunks', () => {
    const first = parseSse('id: b-9\nevent: rev');
    expect(first.events).toEqual([]);
    expect(parseSse(`${first.rest}oked\ndata: {}\n\n`).events).toEqual([
      { id: 'b-9', event: 'revoked', data: '{}' },
    ]);
  });
});

describe('reconnectDelay', () => {
  it('backs off from 1 s up to 15 s', () => {
    expect([0, 1, 2, 3, 4, 10].map(reconnectDelay)).toEqual([1000, 2000, 4000, 8000, 15000, 15000]);
  });
});
