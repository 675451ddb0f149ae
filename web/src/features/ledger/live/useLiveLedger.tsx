import { Suspense, useCallback, useEffect, useMemo, useState, type ReactNode } from 'react';
import { useInfiniteQuery, useQuery, useQueryClient, type UseQueryResult } from '@tanstack/react-query';
import type { Participant, Settlement, TripInvitation } from '@wayfare/contract';
import { errorMessage } from '@/shared/api';
import { coalesce } from '@/shared/coalesce';
import { FIREBASE_MODE } from '@/shared/firebase/mode';
import { lazyNamed } from '@/shared/lazyNamed';
import type { QueuedWrite } from '@/shared/offline/outbox';
import { useQueuedWrites, useWhenSent } from '@/shared/offline/useOutbox';
import { useGuestSession, useSession } from '@/features/auth';
import { showCreatedExpense } from '../expenses/expenseMutations';
import { flattenPages, NO_EXPENSES, type ExpensePages } from '../expenses/expensePages';
import { afterLoad, afterPageSettles } from '@/shared/afterPageSettles';
import { followLedger, type StreamStatus } from './liveStream';
import {
  expensesQuery,
  participantsQuery,
  refreshLedger,
  settlementsQuery,
  tripInvitationsQuery,
} from '../queries';
import { ledgerApi } from '../ledgerApi';

const FirebaseLedgerListener = lazyNamed(() => import('./FirebaseLedgerListener'), 'FirebaseLedgerListener');

type Part<T> = { data: T[]; error: string | null };

export interface LiveLedger {
  participants: Part<Participant>;
  /** People invited who have not answered yet (usernames only). */
  invitations: Part<TripInvitation>;
  /** The expenses shown so far (the first page, then whatever 'Load more' added) and the trip-wide figures. */
  expenses: ExpensePages;
  /** Reads the expenses again after their read failed (the panel's Try Again), and whether that read is on its way. */
  reloadExpenses: { loading: boolean; run: () => Promise<void> };
  /** The next page of expenses, and the state of fetching it. */
  more: { available: boolean; loading: boolean; error: string | null; load: () => Promise<void> };
  settlements: Part<Settlement>;
  /** The tabs' counts: each list's length once a read of it has answered; none while it loads or if it failed unread. */
  counts: { participants: number | undefined; expenses: number | undefined; settlements: number | undefined };
  /** True until the first read of every part has answered. */
  loading: boolean;
  live: StreamStatus;
  /** The caller was removed from the trip (or it was deleted) while the page was open. */
  revoked: boolean;
  refresh: () => Promise<void>;
  /** Firebase mode's listener element; the page renders it once (null in embedded mode). */
  listener: ReactNode;
  /** The signed-in user's expenses for this trip made offline and not sent yet (shown in the list once they are). */
  pending: QueuedWrite[];
}

/** One part of the ledger as the screens show it: the last data read, and its spec §8 message when a read failed. */
function part<T>(query: UseQueryResult<T[]>, fallback: string): Part<T> {
  return { data: query.data ?? [], error: query.isError ? errorMessage(query.error, fallback) : null };
}

/**
 * The trip's participants, expenses and settlements (one query each, shared with every screen showing this trip),
 * kept current while the page is open. Embedded mode follows the API's Server-Sent Events stream; firebase mode
 * listens to the trip's ledger-notice document with reactfire. Either way a change notice invalidates exactly this
 * trip's ledger queries (refreshLedger), a burst of notices coalescing into one refetch more. Expenses are an
 * infinite query, a page at a time; a refetch asks for as many as are shown (capped), never the whole list.
 * `enabled: false` holds the first reads back (what is cached still shows): the split page reads (and checks) the
 * ledger once its header and glance are on screen.
 */
export function useLiveLedger(tripId: string, { enabled = true } = {}): LiveLedger {
  const queryClient = useQueryClient();
  const participants = useQuery({ ...participantsQuery(tripId), enabled });
  // A guest session has no say in who joins: the trip's invitations are not its to read.
  const guest = useGuestSession();
  const invitations = useQuery({ ...tripInvitationsQuery(tripId), enabled: enabled && !guest });
  const expenses = useInfiniteQuery({ ...expensesQuery(tripId), enabled });
  const settlements = useQuery({ ...settlementsQuery(tripId), enabled });
  const [live, setLive] = useState<StreamStatus>('connecting');
  const [revoked, setRevoked] = useState(false);

  // One refetch at a time; a notice arriving meanwhile schedules exactly one more.
  const refresh = useMemo(() => coalesce(() => refreshLedger(queryClient, tripId)), [queryClient, tripId]);
  const notify = useCallback(() => void refresh(), [refresh]);
  const { user } = useSession();
  const pending = useQueuedWrites(user?.userId, tripId, 'expense');
  // An expense made offline has reached the server: shown from its answer, as a sent one is (then the ledger refetches).
  useWhenSent(user?.userId, tripId, 'expense', (answer) => showCreatedExpense(queryClient, tripId, answer));
  const revoke = useCallback(() => setRevoked(true), []);

  // Opened once the page has settled (a first visit is not kept "loading" by it); what changed before it opened is
  // read again when it does.
  useEffect(() => {
    if (FIREBASE_MODE) return;
    let stop: (() => void) | undefined;
    const cancel = afterPageSettles(() => {
      stop = followLedger(
        ledgerApi.liveUrl(tripId),
        { onChange: notify, onStatus: setLive, onRevoked: revoke },
        { openedLate: true },
      );
    });
    return () => {
      cancel();
      stop?.();
    };
  }, [tripId, notify, revoke]);

  // Firebase mode's listener, from the page's first render (the screens render it while the ledger's first reads
  // are on their way, so signing in to Firestore and connecting overlap them) but not before the load event: its
  // connection never ends, and must not hold a first visit's load.
  const [loaded, setLoaded] = useState(() => document.readyState === 'complete');
  useEffect(() => (FIREBASE_MODE ? afterLoad(() => setLoaded(true)) : undefined), []);
  const listener =
    FIREBASE_MODE && loaded ? (
      <Suspense fallback={null}>
        <FirebaseLedgerListener tripId={tripId} onChange={notify} onStatus={setLive} onRevoked={revoke} />
      </Suspense>
    ) : null;

  const shown = useMemo(
    () => (expenses.data ? flattenPages(expenses.data.pages) : NO_EXPENSES),
    [expenses.data],
  );
  const moreFailed = expenses.isFetchNextPageError;
  const { fetchNextPage, refetch } = expenses;
  const loadMore = useCallback(async () => {
    await fetchNextPage();
  }, [fetchNextPage]);
  const reloadExpenses = useCallback(async () => {
    await refetch();
  }, [refetch]);

  return {
    participants: part(participants, 'Failed to load participants'),
    invitations: part(invitations, 'Failed to load invitations'),
    expenses: {
      ...shown,
      error: expenses.isError && !moreFailed ? errorMessage(expenses.error, 'Failed to load expenses') : null,
    },
    reloadExpenses: {
      loading: expenses.isFetching && !expenses.isFetchingNextPage,
      run: reloadExpenses,
    },
    more: {
      available: expenses.hasNextPage,
      loading: expenses.isFetchingNextPage,
      error: moreFailed ? errorMessage(expenses.error, 'Failed to load more expenses') : null,
      load: loadMore,
    },
    settlements: part(settlements, 'Failed to load settlements'),
    counts: {
      participants: participants.data?.length,
      expenses: expenses.data ? shown.expense_count : undefined,
      settlements: settlements.data?.length,
    },
    loading: [participants, ...(guest ? [] : [invitations]), expenses, settlements].some(
      (query) => query.isPending,
    ),
    live,
    revoked,
    refresh,
    listener,
    pending,
  };
}
