import { clear, createStore, del, entries, set } from 'idb-keyval';
import { compareCodeUnits } from '@wayfare/contract';
import { ApiError, NetworkError, apiFetch, errorMessage } from '../api';

/** A write made without a connection, kept on the device until the server has it. */
export interface QueuedWrite {
  /** Also its Idempotency-Key: the server writes it once however often it is sent. */
  key: string;
  /** Whose write it is: only their session sends it. */
  userId: string;
  tripId: string;
  kind: 'expense' | 'plan';
  /** POST to this API path with this body. */
  path: string;
  body: unknown;
  /** What its pending row shows. */
  summary: { title: string; date: string; amount_cents?: number };
  queuedAt: string;
  /** The server refused it (a 4xx): kept so the user sees why, until they discard it. */
  error?: string;
}

const store = createStore('wayfare-outbox', 'writes');
const changes = new EventTarget();
const changed = () => changes.dispatchEvent(new Event('change'));

/** A queued write the server has now written, and its answer: what the write's mutation would have got. */
export interface SentWrite {
  write: QueuedWrite;
  answer: unknown;
}
const sends = new EventTarget();

/** 128 random bits as hex: an Idempotency-Key (crypto.randomUUID needs a secure context; this does not). */
export function newWriteKey(): string {
  return Array.from(crypto.getRandomValues(new Uint8Array(16)), (b) => b.toString(16).padStart(2, '0')).join(
    '',
  );
}

export async function queuedWrites(): Promise<QueuedWrite[]> {
  const all = (await entries<string, QueuedWrite>(store)).map(([, write]) => write);
  return all.sort((a, b) => compareCodeUnits(a.queuedAt, b.queuedAt));
}

export function onOutboxChange(listener: () => void): () => void {
  changes.addEventListener('change', listener);
  return () => changes.removeEventListener('change', listener);
}

/** Tells `listener` of each queued write the flush has sent, with the server's answer (to put into the cache). */
export function onOutboxSent(listener: (sent: SentWrite) => void): () => void {
  const handle = (event: Event) => listener((event as CustomEvent<SentWrite>).detail);
  sends.addEventListener('sent', handle);
  return () => sends.removeEventListener('sent', handle);
}

/**
 * POSTs the write with a fresh Idempotency-Key; without an answer (offline, server unreachable) keeps it on the
 * device to send later with the same key, so a request that did arrive is still written only once.
 */
export async function sendOrQueue<T>(
  write: Omit<QueuedWrite, 'key' | 'queuedAt' | 'error'>,
): Promise<{ sent: T } | { queued: QueuedWrite }> {
  const key = newWriteKey();
  try {
    return { sent: await apiFetch<T>(write.path, { method: 'POST', body: write.body, idempotencyKey: key }) };
  } catch (error) {
    if (!(error instanceof NetworkError)) throw error;
    const queued: QueuedWrite = { ...write, key, queuedAt: new Date().toISOString() };
    await set(key, queued, store);
    changed();
    return { queued };
  }
}

export async function discardQueued(key: string): Promise<void> {
  await del(key, store);
  changed();
}

let flushing: Promise<'done' | 'offline'> | null = null;

/**
 * Sends the user's queued writes in the order they were made, each with its own key. Stops at the first that
 * gets no answer (still offline) or is still running on the server (409), to try again later; a refused one is
 * kept with the server's reason. One flush at a time.
 */
export function flushOutbox(userId: string): Promise<'done' | 'offline'> {
  flushing ??= (async () => {
    try {
      for (const write of await queuedWrites()) {
        if (write.userId !== userId || write.error) continue;
        try {
          const answer = await apiFetch(write.path, {
            method: 'POST',
            body: write.body,
            idempotencyKey: write.key,
          });
          await del(write.key, store);
          sends.dispatchEvent(new CustomEvent<SentWrite>('sent', { detail: { write, answer } }));
        } catch (error) {
          if (error instanceof NetworkError || (error instanceof ApiError && error.status === 409))
            return 'offline';
          await set(
            write.key,
            { ...write, error: errorMessage(error, 'Wayfare could not save this.') },
            store,
          );
        } finally {
          changed();
        }
      }
      return 'done';
    } finally {
      flushing = null;
    }
  })();
  return flushing;
}

/** Logging out: nothing of this user's stays on the device, unsent writes included. */
export async function clearOutbox(): Promise<void> {
  await clear(store);
  changed();
}
