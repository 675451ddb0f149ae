import { Suspense, useCallback, useEffect, useRef, useState, type ReactNode } from 'react';
import type { Expense, Participant, Settlement } from '@wayfare/contract';
import { errorMessage } from '../../shared/api';
import { lazyNamed } from '../../shared/lazyNamed';
import { followLedger, type StreamStatus } from './liveStream';
import { splitApi } from './splitApi';

/** Firebase mode is a build-time choice; embedded builds never fetch the Firebase SDK chunk. */
const FIREBASE_MODE = import.meta.env.VITE_WAYFARE_BACKEND === 'firebase';
const FirebaseLedgerListener = lazyNamed(() => import('./FirebaseLedgerListener'), 'FirebaseLedgerListener');

type Part<T> = { data: T[]; error: string | null };

export interface LiveLedger {
  participants: Part<Participant>;
  expenses: Part<Expense>;
  settlements: Part<Settlement>;
  /** True until the first load has answered. */
  loading: boolean;
  live: StreamStatus;
  /** The caller was removed from the trip (or it was deleted) while the page was open. */
  revoked: boolean;
  refresh: () => Promise<void>;
  /** Firebase mode's listener element; the page renders it once (null in embedded mode). */
  listener: ReactNode;
}

const empty = <T,>(): Part<T> => ({ data: [], error: null });

/** Settles one list to a state update: its data, or its spec §8 fallback message beside the previous data. */
async function load<T>(request: Promise<T[]>, fallback: string): Promise<(previous: Part<T>) => Part<T>> {
  try {
    const data = await request;
    return () => ({ data, error: null });
  } catch (err) {
    return (previous) => ({ data: previous.data, error: errorMessage(err, fallback) });
  }
}

/**
 * The trip's participants, expenses and settlements, kept current while the page is open. Embedded mode follows
 * the API's Server-Sent Events stream; firebase mode listens to the Firestore collections with reactfire. Either
 * way a change notice refetches the lists from the API (which adds names and checks membership), coalescing
 * bursts into one refetch.
 */
export function useLiveLedger(tripId: string): LiveLedger {
  const [participants, setParticipants] = useState(empty<Participant>);
  const [expenses, setExpenses] = useState(empty<Expense>);
  const [settlements, setSettlements] = useState(empty<Settlement>);
  const [loading, setLoading] = useState(true);
  const [live, setLive] = useState<StreamStatus>('connecting');
  const [revoked, setRevoked] = useState(false);
  const inFlight = useRef<Promise<void> | null>(null);
  const again = useRef(false);

  const refresh = useCallback(async () => {
    // One refetch at a time; a notice arriving meanwhile schedules exactly one more.
    if (inFlight.current) {
      again.current = true;
      return inFlight.current;
    }
    const run = async () => {
      do {
        again.current = false;
        const [p, e, s] = await Promise.all([
          load(splitApi.participants(tripId), 'Failed to load participants'),
          load(splitApi.expenses(tripId), 'Failed to load expenses'),
          load(splitApi.settlements(tripId), 'Failed to load settlements'),
        ]);
        setParticipants(p);
        setExpenses(e);
        setSettlements(s);
        setLoading(false);
      } while (again.current);
    };
    inFlight.current = run().finally(() => {
      inFlight.current = null;
    });
    return inFlight.current;
  }, [tripId]);

  const notify = useCallback(() => void refresh(), [refresh]);
  const revoke = useCallback(() => setRevoked(true), []);

  // Callers mount one ledger per trip (keyed by trip id), so the initial state is this trip's.
  useEffect(() => {
    void refresh();
    if (FIREBASE_MODE) return;
    return followLedger(splitApi.liveUrl(tripId), { onChange: notify, onStatus: setLive, onRevoked: revoke });
  }, [tripId, refresh, notify, revoke]);

  const listener = FIREBASE_MODE ? (
    <Suspense fallback={null}>
      <FirebaseLedgerListener tripId={tripId} onChange={notify} onStatus={setLive} onRevoked={revoke} />
    </Suspense>
  ) : null;

  return { participants, expenses, settlements, loading, live, revoked, refresh, listener };
}
