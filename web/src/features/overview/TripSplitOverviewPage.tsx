import { useCallback, useEffect, useState } from 'react';
import { Link } from 'react-router';
import { Luggage, RefreshCw } from 'lucide-react';
import { DEFAULT_HOME_CURRENCY, type SplitTripSummary } from '@wayfare/contract';
import { money } from '../../shared/locale';
import { buttonClassName, Button } from '../../shared/ui/Button';
import { Notice } from '../../shared/ui/Notice';
import { Page } from '../../shared/ui/Page';
import { LoadingState } from '../../shared/ui/Spinner';
import { PendingInvitations } from '../invitations';
import { splitApi } from '../split';
import { OverviewTripCard } from './OverviewTripCard';
import styles from './Overview.module.css';

type State = { status: 'loading' } | { status: 'error' } | { status: 'ready'; trips: SplitTripSummary[] };

/** /trip-split: every trip of the user with its expenses, and who owes whom (spec §2). */
export function TripSplitOverviewPage() {
  const [state, setState] = useState<State>({ status: 'loading' });

  const load = useCallback(
    (signal?: AbortSignal) =>
      splitApi.userTrips(signal).then(
        (trips) => setState({ status: 'ready', trips }),
        () => {
          if (!signal?.aborted) setState({ status: 'error' });
        },
      ),
    [],
  );

  useEffect(() => {
    const controller = new AbortController();
    void load(controller.signal);
    return () => controller.abort();
  }, [load]);

  const trips = state.status === 'ready' ? state.trips : [];
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
      <PendingInvitations onJoined={() => void load()} />
      {state.status === 'loading' && <LoadingState label="Loading Your Trips..." />}
      {state.status === 'error' && (
        <div className={styles.state}>
          <Notice tone="error">Failed to load trips. Please try again.</Notice>
          <Button
            variant="secondary"
            onClick={() => {
              setState({ status: 'loading' });
              void load();
            }}
          >
            <RefreshCw size={18} aria-hidden="true" /> Retry
          </Button>
        </div>
      )}
      {state.status === 'ready' && trips.length === 0 && (
        <div className={styles.empty}>
          <Luggage size={40} aria-hidden="true" />
          <h2>No Trips Yet</h2>
          <p>Plan a trip or join a friend&apos;s, then share its costs here.</p>
          <Link to="/trips" className={buttonClassName({ variant: 'accent' })}>
            Browse Trips
          </Link>
        </div>
      )}
      {state.status === 'ready' && trips.length > 0 && (
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
                <OverviewTripCard trip={trip} onChanged={() => void load()} />
              </li>
            ))}
          </ul>
        </>
      )}
    </Page>
  );
}
