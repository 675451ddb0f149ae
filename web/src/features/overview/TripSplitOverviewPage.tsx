import { useCallback } from 'react';
import { queryOptions, useQuery, useQueryClient } from '@tanstack/react-query';
import { Link } from 'react-router';
import { Luggage, RefreshCw } from 'lucide-react';
import { DEFAULT_HOME_CURRENCY } from '@wayfare/contract';
import { money } from '../../shared/locale';
import { queryKeys } from '../../shared/query/queryKeys';
import { STALE } from '../../shared/query/queryClient';
import { buttonClassName, Button } from '../../shared/ui/Button';
import { Notice } from '../../shared/ui/Notice';
import { Page } from '../../shared/ui/Page';
import { LoadingState } from '../../shared/ui/Spinner';
import { PendingInvitations } from '../invitations';
import { splitApi } from '../split';
import { OverviewTripCard } from './OverviewTripCard';
import styles from './Overview.module.css';

/** The user's trips with their figures: read on every visit and whenever an open card's ledger moves. */
const splitTripsQuery = () =>
  queryOptions({
    queryKey: queryKeys.splitTrips(),
    queryFn: ({ signal }) => splitApi.userTrips(signal),
    staleTime: STALE.CHANGED_BY_OTHERS,
  });

/** /trip-split: every trip of the user with its expenses, and who owes whom (spec §2). */
export function TripSplitOverviewPage() {
  const queryClient = useQueryClient();
  const { data, isError, isFetching, refetch } = useQuery(splitTripsQuery());
  // Trying again after a failure shows the loading state, as the first load does.
  const status = data ? 'ready' : isError && !isFetching ? 'error' : 'loading';
  const reload = useCallback(
    () => void queryClient.invalidateQueries({ queryKey: splitTripsQuery().queryKey }),
    [queryClient],
  );

  const trips = data ?? [];
  const expenseCount = trips.reduce((sum, t) => sum + t.expense_count, 0);
  // Each trip's total is in its own currency: summed per currency, shown side by side.
  const totals = new Map<string, number>();
  for (const t of trips) {
    const currency = t.home_currency ?? DEFAULT_HOME_CURRENCY;
    totals.set(currency, (totals.get(currency) ?? 0) + t.total_expenses_cents);
  }
  const total = totals.size
    ? [...totals].map(([currency, cents]) => money(cents, currency)).join(' · ')
    : money(0);

  return (
    <Page title="Trip Expense Sharing" subtitle="Shared costs across all your trips, and who owes whom.">
      <PendingInvitations />
      {status === 'loading' && <LoadingState label="Loading Your Trips..." />}
      {status === 'error' && (
        <div className={styles.state}>
          <Notice tone="error">Failed to load trips. Please try again.</Notice>
          <Button variant="secondary" onClick={() => void refetch()}>
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
              <dd>{trips.length}</dd>
            </div>
            <div>
              <dt>Expenses</dt>
              <dd>{expenseCount}</dd>
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
        </>
      )}
    </Page>
  );
}
