import type { Request, Response } from 'express';
import type { LedgerEvent, LedgerEvents } from './events';

/** Often enough that proxies keep the connection open, and a removal elsewhere is noticed quickly. */
export const HEARTBEAT_MS = 15_000;

interface LiveStreamOptions {
  tripId: string;
  userId: string;
  events: LedgerEvents;
  /** Re-checked on every heartbeat: a trip deleted or a membership ended by any path closes the stream. */
  stillMember: () => Promise<boolean>;
  heartbeatMs?: number;
}

const frame = (event: LedgerEvent) =>
  `id: ${event.id}\nevent: change\ndata: ${JSON.stringify(event.change)}\n\n`;

/**
 * GET /api/trip-split/trips/{tripId}/live: Server-Sent Events of the trip's ledger changes, for a member already
 * checked by the route. Authenticated like every call, with the bearer header (the client reads it with fetch
 * streaming, not EventSource, which cannot send headers). A reconnecting client sends Last-Event-ID and gets what
 * it missed, or a `resync` event when that can no longer be told; a member removed from the trip, and every member
 * of a deleted trip, gets `revoked` and the stream ends at once.
 */
export function openLiveStream(req: Request, res: Response, options: LiveStreamOptions) {
  const { tripId, userId, events, stillMember, heartbeatMs = HEARTBEAT_MS } = options;
  res.status(200).set({
    'Content-Type': 'text/event-stream; charset=utf-8',
    // no-transform keeps the compression middleware from buffering the stream.
    'Cache-Control': 'no-store, no-transform',
    Connection: 'keep-alive',
    'X-Accel-Buffering': 'no',
  });
  res.flushHeaders();

  let open = true;
  const close = () => {
    if (!open) return;
    open = false;
    unsubscribe();
    clearInterval(heartbeat);
    res.end();
  };
  const send = (text: string) => {
    if (open) res.write(text);
  };

  const unsubscribe = events.subscribe(
    tripId,
    (event) => {
      if (event.change.kind === 'participant.removed' && event.change.subject_id === userId) {
        send(`id: ${event.id}\nevent: revoked\ndata: ${JSON.stringify(event.change)}\n\n`);
        close();
        return;
      }
      send(frame(event));
    },
    () => {
      // The trip was deleted: the page learns it now, not at the next heartbeat.
      send(`event: revoked\ndata: ${JSON.stringify({ reason: 'trip.deleted', trip_id: tripId })}\n\n`);
      close();
    },
  );

  send('retry: 2000\n\n');
  const lastId = req.get('last-event-id');
  const missed = lastId ? events.since(tripId, lastId) : [];
  if (missed === null) send(`id: ${events.cursor()}\nevent: resync\ndata: {}\n\n`);
  else if (missed.length > 0) missed.forEach((event) => send(frame(event)));
  else send(`id: ${lastId || events.cursor()}\nevent: ready\ndata: {}\n\n`);

  const heartbeat = setInterval(() => {
    send(': heartbeat\n\n');
    void stillMember().then(
      (member) => member || close(),
      () => close(),
    );
  }, heartbeatMs);
  req.on('close', close);
}

/** Open streams per user and per client address: each holds a socket, and sockets are a finite resource. */
export const LIVE_STREAMS_PER_USER = 8;
export const LIVE_STREAMS_PER_ADDRESS = 32;

/** Counts open streams; `acquire` answers a release function, or null when a cap is reached. */
export function createLiveStreamSlots(
  perUser = LIVE_STREAMS_PER_USER,
  perAddress = LIVE_STREAMS_PER_ADDRESS,
) {
  const open = new Map<string, number>();
  const change = (key: string, by: number) => {
    const count = (open.get(key) ?? 0) + by;
    if (count > 0) open.set(key, count);
    else open.delete(key);
  };
  return {
    acquire(userId: string, address: string): (() => void) | null {
      const keys = [`user:${userId}`, `address:${address}`];
      if ((open.get(keys[0]!) ?? 0) >= perUser || (open.get(keys[1]!) ?? 0) >= perAddress) return null;
      keys.forEach((key) => change(key, 1));
      let released = false;
      return () => {
        if (released) return;
        released = true;
        keys.forEach((key) => change(key, -1));
      };
    },
  };
}
