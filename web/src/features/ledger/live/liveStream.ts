import { createParser } from 'eventsource-parser';
import { readToken } from '@/shared/authToken';

/**
 * The wait before reconnection attempt `attempt` (0 first): the server's `retry` (or 1 s before it says one), doubled
 * per failed attempt, at most 15 s.
 */
export const reconnectDelay = (attempt: number, retryMs = 1000) => Math.min(retryMs * 2 ** attempt, 15_000);

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
 * header; eventsource-parser reads the wire format. Reconnects after a drop, waiting as the server's `retry` says and
 * backing off, sending Last-Event-ID so the server replays what was missed, and refetches on every reconnect as well.
 * Returns a function that stops it.
 */
export function followLedger(
  url: string,
  handlers: LedgerStreamHandlers,
  /** openedLate: the page read the ledger before following it, so the first connection refetches as a reconnect does. */
  { openedLate = false } = {},
): () => void {
  let stopped = false;
  let lastId: string | undefined;
  let attempt = 0;
  let retryMs: number | undefined;
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
      if (connectedBefore || openedLate) handlers.onChange();
      connectedBefore = true;

      let revoked = false;
      const parser = createParser({
        onEvent(event) {
          if (event.id) lastId = event.id;
          if (event.event === 'change' || event.event === 'resync') handlers.onChange();
          if (event.event === 'revoked') revoked = true;
        },
        onRetry(ms) {
          retryMs = ms;
        },
      });
      const reader = response.body.pipeThrough(new TextDecoderStream()).getReader();
      for (;;) {
        const { value, done } = await reader.read();
        if (done) break;
        parser.feed(value);
        if (revoked) {
          stopped = true;
          controller.abort();
          handlers.onRevoked();
          return;
        }
      }
    } catch {
      // A drop or a refused connection: fall through to the reconnect below.
    }
    if (stopped) return;
    handlers.onStatus('reconnecting');
    timer = setTimeout(() => void connect(), reconnectDelay(attempt, retryMs));
    attempt += 1;
  };

  void connect();
  return () => {
    stopped = true;
    clearTimeout(timer);
    controller?.abort();
  };
}
