import { Suspense, useEffect, type ReactNode } from 'react';
import { useQuery } from '@tanstack/react-query';
import { useNavigate, useParams } from 'react-router';
import { ArrowLeft, Radio, RefreshCw } from 'lucide-react';
import { cx } from '@/shared/cx';
import { Button } from '@/shared/ui/Button';
import { Notice } from '@/shared/ui/Notice';
import { SkeletonColumns } from '@/shared/ui/Skeleton';
import { lazyNamed } from '@/shared/lazyNamed';
import { useAfterPaint } from '@/shared/useAfterPaint';
import { useDocumentTitle } from '@/shared/useDocumentTitle';
import { formatDateRange } from '@/shared/dates';
import { isNotFound, tripQuery } from '@/features/trips';
import { GlanceSummary, useBudget } from './budget/GlanceSummary';
import { useLiveLedger } from './live/useLiveLedger';
import { useLedgerView } from './useLedgerView';
import split from '@/shared/ui/Ledger.module.css';
import styles from './TripSplitPage.module.css';
import { useGuestSession } from '@/features/auth';

// The first render with data is the header and the money at a glance (the largest text on a phone's first screen).
// The tabs below are a chunk of their own, requested once the glance is on screen, and drawn once the
// ledger's reads, also started then, have answered: neither their code nor their answers' checks delay the glance.
const loadSplitLedger = () => import('./LedgerTabs');
const LedgerTabs = lazyNamed(loadSplitLedger, 'LedgerTabs');

/** /trips/{tripId}/split: participants, expenses and settlements of one trip, live (spec §2). */
export function TripSplitPage() {
  const { tripId = '' } = useParams();
  // A fresh screen per trip: no state of one trip ever shows on another's page.
  return <TripSplitScreen key={tripId} tripId={tripId} />;
}

function TripSplitScreen({ tripId }: { tripId: string }) {
  const navigate = useNavigate();
  // A guest session has this one page: no trip page to go back to.
  const guest = useGuestSession();
  const tripRead = useQuery(tripQuery(tripId));
  const trip = tripRead.data;
  const glanceShown = useAfterPaint(trip !== undefined);
  const ledger = useLiveLedger(tripId, { enabled: glanceShown });
  // The budget is read with the page's first reads; the glance above the tabs keeps its space until it answers. It
  // does not hold the page: offline, with nothing of it kept on the device, the rest of the page still shows.
  useBudget(tripId);
  // The tabs' state is kept here: it outlasts a moment when the ledger reads again from nothing (and shows its
  // placeholder), as the page's did before the tabs were a part of their own.
  const view = useLedgerView(tripId);
  useDocumentTitle(trip ? `Split · ${trip.trip_name}` : 'Trip Split');
  useEffect(() => {
    if (glanceShown) void loadSplitLedger();
  }, [glanceShown]);
  // Also when a cached trip is now answered 404 (deleted, or the caller left it).
  const tripMissing = tripRead.isError && isNotFound(tripRead.error);

  const refresh = () => {
    void tripRead.refetch();
    void ledger.refresh();
  };

  const back = (
    <Button variant="ghost" onClick={() => void navigate(`/trips/${encodeURIComponent(tripId)}`)}>
      <ArrowLeft size={18} aria-hidden="true" /> Back to Trip
    </Button>
  );
  const ledgerPlaceholder = <SkeletonColumns label="Loading trip expenses" />;

  // The live listener from the first render, while the first reads load, kept (same place) once they have.
  const withListener = (screen: ReactNode) => (
    <>
      {ledger.listener}
      {screen}
    </>
  );

  if (tripRead.isPending) {
    return withListener(<div className={styles.page}>{ledgerPlaceholder}</div>);
  }
  if (tripMissing || ledger.revoked) {
    return (
      <div className={styles.page}>
        <h1 className={styles.title}>Trip not found</h1>
        <p className={styles.subtitle}>
          {ledger.revoked
            ? 'You are no longer a participant of this trip.'
            : 'It may have been deleted, or it is not shared with you.'}
        </p>
        <Button variant="secondary" onClick={() => void navigate('/trips')}>
          <ArrowLeft size={18} aria-hidden="true" /> Back to Trips
        </Button>
      </div>
    );
  }
  if (!trip) {
    return (
      <div className={styles.page}>
        <Notice tone="error">Failed to load trip details</Notice>
        <div className={styles.stateActions}>{back}</div>
      </div>
    );
  }

  return withListener(
    <div className={styles.page}>
      <div className={styles.topBar}>
        {guest ? <span /> : back}
        <button
          type="button"
          className={split.iconButton}
          aria-label="Refresh"
          title="Refresh"
          onClick={refresh}
        >
          <RefreshCw size={20} aria-hidden="true" />
        </button>
      </div>
      <header className={styles.header}>
        <h1 className={styles.title}>Trip Split</h1>
        <p className={styles.subtitle}>
          <strong>{trip.trip_name}</strong> · {formatDateRange(trip.start_date, trip.end_date)}
        </p>
        <span className={cx(styles.live, ledger.live === 'live' && styles.liveOn)} role="status">
          <Radio size={14} aria-hidden="true" />
          {ledger.live === 'live' ? 'Live' : ledger.live === 'reconnecting' ? 'Reconnecting…' : 'Connecting…'}
        </span>
      </header>
      <GlanceSummary tripId={tripId} />
      {ledger.loading ? (
        ledgerPlaceholder
      ) : (
        <Suspense fallback={ledgerPlaceholder}>
          <LedgerTabs tripId={tripId} ledger={ledger} view={view} />
        </Suspense>
      )}
    </div>,
  );
}
