import { useCallback } from 'react';
import { infiniteQueryOptions, useInfiniteQuery, useQueryClient } from '@tanstack/react-query';
import { Link } from 'react-router';
import { Luggage, RefreshCw } from 'lucide-react';
import type { SplitTripPage } from '@wayfare/contract';
import { errorMessage } from '@/shared/api';
import { money } from '@/shared/locale';
import { queryKeys } from '@/shared/query/queryKeys';
import { STALE } from '@/shared/query/queryClient';
import { usePagedList } from '@/shared/query/usePagedList';
import { buttonClassName, Button } from '@/shared/ui/Button';
import { LoadMore } from '@/shared/ui/LoadMore';
import { Notice } from '@/shared/ui/Notice';
import { PendingInvitations } from '@/features/invitations';
import { ledgerApi } from './ledgerApi';
import { OverviewFrame, OverviewLoading } from './overview/OverviewFrame';
import { OverviewTripCard } from './overview/OverviewTripCard';
import styles from './overview/Overview.module.css';

/**
 * The user's trips with their figures, a page at a time as the list is scrolled: read on every visit and whenever
 * an open card's ledger moves.
 */
const splitTripsQuery = () =>
  infiniteQueryOptions({
    queryKey: queryKeys.splitTrips(),
    queryFn: ({ pageParam, signal }) => ledgerApi.userTrips(pageParam, signal),
    initialPageParam: '',
    getNextPageParam: (last) => last.next_cursor ?? undefined,
    staleTime: STALE.CHANGED_BY_OTHERS,
  });

const tripsOf = (page: SplitTripPage) => page.trips;

/** /trip-split: every trip of the user with its expenses, and who owes whom (spec §2). */
export function TripSplitOverviewPage() {
  const queryClient = useQueryClient();
  const { items, firstPage, status, error, retry, more } = usePagedList(
    useInfiniteQuery(splitTripsQuery()),
    tripsOf,
  );
  const reload = useCallback(
    () => void queryClient.invalidateQueries({ queryKey: splitTripsQuery().queryKey }),
    [queryClient],
  );

  const trips = items ?? [];
  // The header's figures are over every trip, not only the pages shown: the first page carries them.
  const summary = firstPage?.summary;
  const tripCount = summary?.trip_count ?? trips.length;
  // Each trip's total is in its own currency: summed per currency (by the server), shown side by side.
  const total = summary?.totals.length
    ? summary.totals.map(({ currency, total_cents }) => money(total_cents, currency)).join(' · ')
    : money(0);

  return (
    <OverviewFrame>
      <PendingInvitations />
      {status === 'loading' && <OverviewLoading />}
      {status === 'error' && (
        <div className={styles.state}>
          <Notice tone="error">Failed to load trips. Please try again.</Notice>
          <Button variant="secondary" onClick={retry}>
            <RefreshCw size={18} aria-hidden="true" /> Retry
          </Button>
        </div>
      )}
      {status === 'ready' && trips.length === 0 && (
        <div className={styles.empty}>
          <Luggage size={40} aria-hidden="true" />
          <h2>No Trips Yet</h2>
          <p>Plan a trip or join a friend&apos;s, then share its costs here.</p>
          <Link to="/trips" className={buttonClassName({ variant: 'accent' })}>
            Browse Trips
          </Link>
        </div>
      )}
      {status === 'ready' && trips.length > 0 && (
        <>
          <dl className={styles.stats}>
            <div>
              <dt>Trips</dt>
              <dd>{tripCount}</dd>
            </div>
            <div>
              <dt>Expenses</dt>
              <dd>{summary?.expense_count ?? 0}</dd>
            </div>
            <div>
              <dt>Total</dt>
              <dd>{total}</dd>
            </div>
          </dl>
          <ul className={styles.cards}>
            {trips.map((trip) => (
              <li key={trip.id}>
                <OverviewTripCard trip={trip} onChanged={reload} />
              </li>
            ))}
          </ul>
          <LoadMore
            status={`Showing ${trips.length} of ${tripCount} trips`}
            available={more.available}
            loading={more.loading}
            error={more.failed ? errorMessage(error, 'Failed to load trips. Please try again.') : null}
            load={more.load}
          />
        </>
      )}
    </OverviewFrame>
  );
}
