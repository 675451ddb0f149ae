import { useEffect, useRef, useState } from 'react';
import { flushOutbox, onOutboxChange, onOutboxSent, queuedWrites, type QueuedWrite } from './outbox';

/** How often to try again while writes wait and the browser believes it is online (the server may be down). */
const RETRY_MS = 15_000;

/** The user's writes of this kind for this trip still waiting on the device, newest first; kept current. */
export function useQueuedWrites(
  userId: string | undefined,
  tripId: string,
  kind: QueuedWrite['kind'],
): QueuedWrite[] {
  const [writes, setWrites] = useState<QueuedWrite[]>([]);
  useEffect(() => {
    let live = true;
    const read = () =>
      void queuedWrites().then(
        (all) =>
          live &&
          setWrites(
            all.filter((w) => w.userId === userId && w.tripId === tripId && w.kind === kind).reverse(),
          ),
        () => live && setWrites([]), // no IndexedDB (private mode): nothing can be queued either
      );
    read();
    const stop = onOutboxChange(read);
    return () => {
      live = false;
      stop();
    };
  }, [userId, tripId, kind]);
  return writes;
}

/**
 * Sends the signed-in user's queued writes now, whenever the browser comes back online, and a little after a write
 * is queued or a send finds the server still out of reach (the browser may believe it is online while it is not).
 */
export function useOutboxSync(userId: string | undefined) {
  useEffect(() => {
    if (!userId) return;
    let timer: ReturnType<typeof setTimeout> | undefined;
    const later = () => {
      timer ??= setTimeout(flush, RETRY_MS);
    };
    const flush = () => {
      clearTimeout(timer);
      timer = undefined;
      void flushOutbox(userId).then(
        (result) => result === 'offline' && later(),
        () => undefined, // no IndexedDB: nothing was queued
      );
    };
    flush();
    window.addEventListener('online', flush);
    const stop = onOutboxChange(later);
    return () => {
      clearTimeout(timer);
      stop();
      window.removeEventListener('online', flush);
    };
  }, [userId]);
}

/**
 * Calls `onSent` with the server's answer whenever one of the user's queued writes of this kind for this trip has
 * been sent: the page puts it into its cache as the write's mutation would have.
 */
export function useWhenSent(
  userId: string | undefined,
  tripId: string,
  kind: QueuedWrite['kind'],
  onSent: (answer: unknown) => void,
) {
  const latest = useRef(onSent);
  useEffect(() => {
    latest.current = onSent;
  });
  useEffect(
    () =>
      onOutboxSent(({ write, answer }) => {
        if (write.userId === userId && write.tripId === tripId && write.kind === kind) latest.current(answer);
      }),
    [userId, tripId, kind],
  );
}
