import { randomUUID } from 'node:crypto';
import type { LedgerChange } from '@wayfare/contract';

/** A change as the live stream sends it: `id` is the SSE event id a reconnecting client sends back. */
export interface LedgerEvent {
  id: string;
  change: LedgerChange;
}

type Listener = (event: LedgerEvent) => void;
/** Told once when the trip is deleted: its streams say so and end. */
type EndListener = () => void;

/** How many recent events per trip are kept for clients resuming with Last-Event-ID. */
const REPLAY_PER_TRIP = 200;

/**
 * The in-process bus the split service emits on after each committed write, and the live stream subscribes to.
 * Event ids are "{epoch}-{sequence}": the epoch changes with every process, so an id from before a restart (or one
 * older than the replay window) is recognised as unknown and the client is told to resync instead of missing events.
 */
export function createLedgerEvents() {
  const epoch = randomUUID().slice(0, 8);
  let sequence = 0;
  const listeners = new Map<string, Set<Listener>>();
  const endListeners = new Map<string, Set<EndListener>>();
  const recent = new Map<string, LedgerEvent[]>();

  return {
    emit(change: LedgerChange): LedgerEvent {
      sequence += 1;
      const event: LedgerEvent = { id: `${epoch}-${sequence}`, change };
      const kept = recent.get(change.trip_id) ?? [];
      kept.push(event);
      if (kept.length > REPLAY_PER_TRIP) kept.shift();
      recent.set(change.trip_id, kept);
      for (const listener of listeners.get(change.trip_id) ?? []) listener(event);
      return event;
    },

    subscribe(tripId: string, listener: Listener, onTripEnded?: EndListener): () => void {
      const unsubscribe = [addTo(listeners, tripId, listener)];
      if (onTripEnded) unsubscribe.push(addTo(endListeners, tripId, onTripEnded));
      return () => unsubscribe.forEach((remove) => remove());
    },

    /** The trip is gone: every open stream of it is told at once (and ends), and its replay window is dropped. */
    endTrip(tripId: string): void {
      recent.delete(tripId);
      for (const ended of [...(endListeners.get(tripId) ?? [])]) ended();
    },

    /** The id a fresh subscriber starts from. */
    cursor(): string {
      return `${epoch}-${sequence}`;
    },

    /** The trip's events after `lastId`, or null when they can no longer be told (another process, too old). */
    since(tripId: string, lastId: string): LedgerEvent[] | null {
      const [idEpoch, idSequence] = lastId.split('-');
      const after = Number(idSequence);
      if (idEpoch !== epoch || !Number.isSafeInteger(after) || after > sequence) return null;
      const kept = recent.get(tripId) ?? [];
      const oldest = kept[0] ? Number(kept[0].id.split('-')[1]) : sequence + 1;
      // Events of this trip between `after` and the oldest kept one may have been dropped from the window.
      if (kept.length === REPLAY_PER_TRIP && after < oldest - 1) return null;
      return kept.filter((event) => Number(event.id.split('-')[1]) > after);
    },
  };
}

export type LedgerEvents = ReturnType<typeof createLedgerEvents>;

/** Adds `item` to the set under `key`; the returned function removes it, and the set once empty. */
function addTo<T>(map: Map<string, Set<T>>, key: string, item: T): () => void {
  const set = map.get(key) ?? new Set();
  set.add(item);
  map.set(key, set);
  return () => {
    set.delete(item);
    if (set.size === 0) map.delete(key);
  };
}
