import { readToken } from '../../shared/authToken';

export interface SseEvent {
  id?: string;
  event: string;
  data: string;
}

/**
 * Splits a Server-Sent Events text buffer into complete events and the unfinished rest (the wire format of the
 * EventSource spec: blank-line separated blocks of `field: value` lines; lines starting with ':' are comments).
 */
export function parseSse(buffer: string): { events: SseEvent[]; rest: string } {
  const normalised = buffer.replace(/\r\n?/g, '\n');
  const blocks = normalised.split('\n\n');
  const rest = blocks.pop() ?? '';
  const events: SseEvent[] = [];
  for (const block of blocks) {
    const event: SseEvent = { event: 'message', data: '' };
    const data: string[] = [];
    for (const line of block.split('\n')) {
      if (!line || line.startsWith(':')) continue;
      const colon = line.indexOf(':');
      const field = colon < 0 ? line : line.slice(0, colon);
      const value = colon < 0 ? '' : line.slice(colon + 1).replace(/^ /, '');
      if (field === 'id') event.id = value;
      else if (field === 'event') event.event = value;
      else if (field === 'data') data.push(value);
    }
    event.data = data.join('\n');
    if (event.id !== undefined || data.length > 0 || event.event !== 'message') events.push(event);
  }
  return { events, rest };
}

/** Waits grow 1 s, 2 s, 4 s … up to 15 s between reconnection attempts. */
export const reconnectDelay = (attempt: number) => Math.min(1000 * 2 ** attempt, 15_000);

export type StreamStatus = 'connecting' | 'live' | 'reconnecting';

export interface LedgerStreamHandlers {
  /** Something in the ledger changed (or may have, after a reconnect): refetch. */
  onChange: () => void;
  onStatus: (status: StreamStatus) => void;
  /** The server will not stream this trip to this user any more (removed, trip gone, session over). */
  onRevoked: () => void;
}

/**
 * Follows GET /api/trip-split/trips/{id}/live with fetch streaming, which (unlike EventSource) can send the bearer
 * header. Reconnects with backoff after a drop, sending Last-Event-ID so the server replays what was missed, and
 * refetches on every reconnect as well. Returns a function that stops it.
 */
export function followLedger(url: string, handlers: LedgerStreamHandlers): () => void {
  let stopped = false;
  let lastId: string | undefined;
  let attempt = 0;
  let connectedBefore = false;
  let controller: AbortController | undefined;
  let timer: ReturnType<typeof setTimeout> | undefined;

  const connect = async () => {
    controller = new AbortController();
    handlers.onStatus(connectedBefore ? 'reconnecting' : 'connecting');
    try {
      const headers = new Headers({ Accept: 'text/event-stream' });
      const token = readToken();
      if (token) headers.set('Authorization', `Bearer ${token}`);
      if (lastId) headers.set('Last-Event-ID', lastId);
      const response = await fetch(url, { headers, signal: controller.signal, cache: 'no-store' });
      if (response.status === 401 || response.status === 403 || response.status === 404) {
        stopped = true;
        handlers.onRevoked();
        return;
      }
      if (!response.ok || !response.body) throw new Error(`live stream answered ${response.status}`);
      attempt = 0;
      handlers.onStatus('live');
      if (connectedBefore) handlers.onChange();
      connectedBefore = true;

      const reader = response.body.pipeThrough(new TextDecoderStream()).getReader();
      let buffer = '';
      for (;;) {
        const { value, done } = await reader.read();
        if (done) break;
        const parsed = parseSse(buffer + value);
        buffer = parsed.rest;
        for (const event of parsed.events) {
          if (event.id) lastId = event.id;
          if (event.event === 'change' || event.event === 'resync') handlers.onChange();
          if (event.event === 'revoked') {
            stopped = true;
            handlers.onRevoked();
            return;
          }
        }
      }
    } catch {
      // A drop or a refused connection: fall through to the reconnect below.
    }
    if (stopped) return;
    handlers.onStatus('reconnecting');
    timer = setTimeout(() => void connect(), reconnectDelay(attempt));
    attempt += 1;
  };

  void connect();
  return () => {
    stopped = true;
    clearTimeout(timer);
    controller?.abort();
  };
}
