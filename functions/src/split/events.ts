import { randomUUID } from 'node:crypto';
import type { LedgerChange } from '@wayfare/contract';

/** A change as the live stream sends it: `id` is the SSE event id a reconnecting client sends back. */
export interface LedgerEvent {
  id: string;
  change: LedgerChange;
}

type Listener = (event: LedgerEvent) => void;

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

    subscribe(tripId: string, listener: Listener): () => void {
      const set = listeners.get(tripId) ?? new Set();
      set.add(listener);
      listeners.set(tripId, set);
      return () => {
        set.delete(listener);
        if (set.size === 0) listeners.delete(tripId);
      };
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
