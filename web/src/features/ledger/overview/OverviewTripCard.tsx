import { lazy, Suspense, useId, useState } from 'react';
import { Crown } from 'lucide-react';
import type { SplitTripSummary } from '@wayfare/contract';
import { money } from '@/shared/locale';
import { cx } from '@/shared/cx';
import { DisclosureButton } from '@/shared/ui/DisclosureButton';
import { LoadingState } from '@/shared/ui/Spinner';
import { formatDateRange } from '@/shared/dates';
import { TripPhoto } from '@/features/trips';
import styles from './Overview.module.css';

// A card's ledger (the split feature's lists, forms and live stream) loads when a card is first expanded or about
// to be, not with the overview.
const loadExpandedLedger = () => import('./ExpandedLedger');
const ExpandedLedger = lazy(async () => ({ default: (await loadExpandedLedger()).ExpandedLedger }));

/** One trip on the overview: its figures, and when expanded its live ledger with Add Expense and Add Friend. */
export function OverviewTripCard({ trip, onChanged }: { trip: SplitTripSummary; onChanged: () => void }) {
  const [expanded, setExpanded] = useState(false);
  const panelId = useId();
  return (
    <article className={styles.card}>
      <TripPhoto
        className={styles.cover}
        imageUrl={trip.image_url}
        place={trip.city_name || trip.trip_name}
      />
      <div className={styles.cardBody}>
        <div className={styles.cardHead}>
          <div>
            <h2 className={styles.cardTitle}>{trip.trip_name}</h2>
            <p className={styles.meta}>
              {trip.city_name} · {formatDateRange(trip.start_date, trip.end_date)}
            </p>
            {trip.added_by_username && <p className={styles.meta}>Added by @{trip.added_by_username}</p>}
          </div>
          <span className={cx(styles.role, trip.user_role === 'owner' && styles.ownerRole)}>
            {trip.user_role === 'owner' && <Crown size={12} aria-hidden="true" />}
            {trip.user_role === 'owner' ? 'Trip Owner' : 'Participant'}
          </span>
        </div>
        <dl className={styles.cardStats}>
          <div>
            <dt>People</dt>
            <dd>{trip.participant_count}</dd>
          </div>
          <div>
            <dt>Expenses</dt>
            <dd>{trip.expense_count}</dd>
          </div>
          <div>
            <dt>Total</dt>
            <dd>{money(trip.total_expenses_cents, trip.home_currency)}</dd>
          </div>
        </dl>
        <DisclosureButton
          look="plain"
          open={expanded}
          aria-controls={panelId}
          onPointerEnter={() => void loadExpandedLedger()}
          onFocus={() => void loadExpandedLedger()}
          onClick={() => setExpanded((open) => !open)}
        >
          {expanded ? 'Hide details' : 'Show details'}
        </DisclosureButton>
        {expanded && (
          <div id={panelId}>
            <Suspense fallback={<LoadingState label="Loading the ledger…" />}>
              <ExpandedLedger trip={trip} onChanged={onChanged} />
            </Suspense>
          </div>
        )}
      </div>
    </article>
  );
}
