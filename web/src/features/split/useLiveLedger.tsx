import { Suspense, useCallback, useEffect, useRef, useState, type ReactNode } from 'react';
import type { Participant, Settlement, TripInvitation } from '@wayfare/contract';
import { errorMessage } from '../../shared/api';
import { FIREBASE_MODE } from '../../shared/firebase/mode';
import { lazyNamed } from '../../shared/lazyNamed';
import type { QueuedWrite } from '../../shared/offline/outbox';
import { useQueuedWrites, useWhenSent } from '../../shared/offline/useOutbox';
import { useSession } from '../auth';
import { appendPage, firstPage, NO_EXPENSES, refetchLimit, type ExpensePages } from './expensePages';
import { followLedger, type StreamStatus } from './liveStream';
import { splitApi } from './splitApi';

const FirebaseLedgerListener = lazyNamed(() => import('./FirebaseLedgerListener'), 'FirebaseLedgerListener');

type Part<T> = { data: T[]; error: string | null };

export interface LiveLedger {
  participants: Part<Participant>;
  /** People invited who have not answered yet (usernames only). */
  invitations: Part<TripInvitation>;
  /** The expenses shown so far (the first page, then whatever 'Load more' added) and the trip-wide figures. */
  expenses: ExpensePages;
  /** The next page of expenses, and the state of fetching it. */
  more: { available: boolean; loading: boolean; error: string | null; load: () => Promise<void> };
  settlements: Part<Settlement>;
  /** True until the first load has answered. */
  loading: boolean;
  live: StreamStatus;
  /** The caller was removed from the trip (or it was deleted) while the page was open. */
  revoked: boolean;
  refresh: () => Promise<void>;
  /** Firebase mode's listener element; the page renders it once (null in embedded mode). */
  listener: ReactNode;
  /** The signed-in user's expenses for this trip made offline and not sent yet (the ledger refetches once they are). */
  pending: QueuedWrite[];
}

const empty = <T,>(): Part<T> => ({ data: [], error: null });

/** Settles one request to a state update: its result, or its spec §8 fallback message beside the previous data. */
async function load<R, S extends { error: string | null }>(
  request: Promise<R>,
  toState: (result: R) => S,
  fallback: string,
): Promise<(previous: S) => S> {
  try {
    const state = toState(await request);
    return () => state;
  } catch (err) {
    return (previous) => ({ ...previous, error: errorMessage(err, fallback) });
  }
}
const list = <T,>(data: T[]): Part<T> => ({ data, error: null });

/**
 * The trip's participants, expenses and settlements, kept current while the page is open. Embedded mode follows
 * the API's Server-Sent Events stream; firebase mode listens to the trip's ledger-notice document with reactfire. Either
 * way a change notice refetches from the API (which adds names and checks membership), coalescing bursts into one
 * refetch. Expenses come a page at a time; a refetch asks for as many as are shown (capped), never the whole list.
 */
export function useLiveLedger(tripId: string): LiveLedger {
  const [participants, setParticipants] = useState(empty<Participant>);
  const [invitations, setInvitations] = useState(empty<TripInvitation>);
  const [expenses, setExpenses] = useState<ExpensePages>(NO_EXPENSES);
  const [moreLoading, setMoreLoading] = useState(false);
  const [moreError, setMoreError] = useState<string | null>(null);
  // What the next refetch and 'Load more' read, without re-creating the callbacks on every list change.
  const shown = useRef(NO_EXPENSES);
  useEffect(() => {
    shown.current = expenses;
  }, [expenses]);
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
        const limit = refetchLimit(shown.current.data.length);
        const [p, i, e, s] = await Promise.all([
          load(splitApi.participants(tripId), list<Participant>, 'Failed to load participants'),
          load(splitApi.invitations(tripId), list<TripInvitation>, 'Failed to load invitations'),
          load(splitApi.expenses(tripId, { limit }), firstPage, 'Failed to load expenses'),
          load(splitApi.settlements(tripId), list<Settlement>, 'Failed to load settlements'),
        ]);
        setParticipants(p);
        setInvitations(i);
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

  const loadMore = useCallback(async () => {
    const cursor = shown.current.next_cursor;
    if (!cursor) return;
    setMoreLoading(true);
    setMoreError(null);
    try {
      const answer = await splitApi.expenses(tripId, { cursor });
      setExpenses((current) => appendPage(current, cursor, answer));
    } catch (err) {
      setMoreError(errorMessage(err, 'Failed to load more expenses'));
    } finally {
      setMoreLoading(false);
    }
  }, [tripId]);

  const notify = useCallback(() => void refresh(), [refresh]);
  const { user } = useSession();
  const pending = useQueuedWrites(user?.userId, tripId, 'expense');
  useWhenSent(pending, notify);
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

  return {
    participants,
    invitations,
    expenses,
    more: {
      available: expenses.next_cursor !== null,
      loading: moreLoading,
      error: moreError,
      load: loadMore,
    },
    settlements,
    loading,
    live,
    revoked,
    refresh,
    listener,
    pending,
  };
}
