import { Suspense, useState, type ReactNode } from 'react';
import { useQuery } from '@tanstack/react-query';
import { useNavigate, useParams } from 'react-router';
import { ArrowLeft, Plus, Radio, RefreshCw } from 'lucide-react';
import type { Expense } from '@wayfare/contract';
import { cx } from '../../shared/cx';
import { Button } from '../../shared/ui/Button';
import { Notice } from '../../shared/ui/Notice';
import { SkeletonColumns } from '../../shared/ui/Skeleton';
import { LoadingState } from '../../shared/ui/Spinner';
import { lazyNamed } from '../../shared/lazyNamed';
import { useDocumentTitle } from '../../shared/useDocumentTitle';
import { useSession } from '../auth';
import { formatDateRange } from '../../shared/dates';
import { isNotFound, tripQuery } from '../trips';
import { AddParticipantForm } from './participants/AddParticipantForm';
import { BudgetTab } from './glance/BudgetTab';
import { GlanceSummary, useBudget } from './glance/GlanceSummary';
import { CalculateSettlementsButton } from './settlements/CalculateSettlementsButton';
import { HomeCurrency } from './homeCurrency';
import { InviteLinkPanel } from './invite-links/InviteLinkPanel';
import { ParticipantList } from './participants/ParticipantList';
import { Tabs } from '../../shared/ui/Tabs';
import { useLiveLedger } from './useLiveLedger';
import { useSettlementCalculation } from './settlements/useSettlementCalculation';
import split from '../../shared/ui/Ledger.module.css';
import styles from './TripSplitPage.module.css';

// The expense form (its currency, payer and receipt fields) loads when it is first opened, not with the page; the
// Expenses and Settlements tabs' contents (the currency picker with every currency's name, export and import, the
// settlement explanations) when their tab is first chosen: the page opens on Participants.
const ExpenseFormModal = lazyNamed(() => import('./expenses/ExpenseFormModal'), 'ExpenseFormModal');
const HomeCurrencyField = lazyNamed(() => import('./HomeCurrencyField'), 'HomeCurrencyField');
const LedgerFiles = lazyNamed(() => import('./ledger-files/LedgerFiles'), 'LedgerFiles');
const ExpenseList = lazyNamed(() => import('./expenses/ExpenseList'), 'ExpenseList');
const SettlementList = lazyNamed(() => import('./settlements/SettlementList'), 'SettlementList');
const BalanceList = lazyNamed(() => import('./settlements/SettlementList'), 'BalanceList');
// The money at a glance's charts and the history load when their tab is first chosen.
const ActivityList = lazyNamed(() => import('./glance/ActivityList'), 'ActivityList');

/** /trips/{tripId}/split: participants, expenses and settlements of one trip, live (spec §2). */
export function TripSplitPage() {
  const { tripId = '' } = useParams();
  // A fresh screen per trip: no state of one trip ever shows on another's page.
  return <TripSplitScreen key={tripId} tripId={tripId} />;
}

function TripSplitScreen({ tripId }: { tripId: string }) {
  const navigate = useNavigate();
  const { user } = useSession();
  const tripRead = useQuery(tripQuery(tripId));
  const trip = tripRead.data;
  const [tab, setTab] = useState<'participants' | 'expenses' | 'settlements' | 'budget' | 'history'>(
    'participants',
  );
  const [editing, setEditing] = useState<Expense | null | 'new'>(null);
  const ledger = useLiveLedger(tripId);
  // The budget is read with the page's first reads; the glance above the tabs keeps its space until it answers. It
  // does not hold the page: offline, with nothing of it kept on the device, the rest of the page still shows.
  useBudget(tripId);
  const { balances, calculating, calcError, calculate } = useSettlementCalculation(tripId);
  useDocumentTitle(trip ? `Split · ${trip.trip_name}` : 'Trip Split');
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

  // The live listener from the first render, while the first reads load, kept (same place) once they have.
  const withListener = (screen: ReactNode) => (
    <>
      {ledger.listener}
      {screen}
    </>
  );

  if (tripRead.isPending || (ledger.loading && trip)) {
    return withListener(
      <div className={styles.page}>
        <SkeletonColumns label="Loading trip expenses" />
      </div>,
    );
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

  const { participants, invitations, expenses, settlements } = ledger;
  const home = expenses.home_currency;
  return withListener(
    <HomeCurrency.Provider value={home}>
      <div className={styles.page}>
        <div className={styles.topBar}>
          {back}
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
            {ledger.live === 'live'
              ? 'Live'
              : ledger.live === 'reconnecting'
                ? 'Reconnecting…'
                : 'Connecting…'}
          </span>
        </header>
        <GlanceSummary tripId={tripId} />

        <Tabs
          label="Trip split"
          active={tab}
          onChange={setTab}
          tabs={[
            { key: 'participants', label: 'Participants', count: participants.data.length },
            { key: 'expenses', label: 'Expenses', count: expenses.expense_count },
            { key: 'settlements', label: 'Settlements', count: settlements.data.length },
            { key: 'budget', label: 'Budget' },
            { key: 'history', label: 'History' },
          ]}
        >
          {tab === 'participants' && (
            <>
              {(participants.error ?? invitations.error) && (
                <Notice tone="error">{participants.error ?? invitations.error}</Notice>
              )}
              <AddParticipantForm tripId={tripId} />
              <InviteLinkPanel tripId={tripId} />
              <ParticipantList
                tripId={tripId}
                participants={participants.data}
                invitations={invitations.data}
                onLeft={() => void navigate('/trips')}
              />
            </>
          )}
          {tab === 'expenses' && (
            <>
              {expenses.error && <Notice tone="error">{expenses.error}</Notice>}
              <div className={split.toolbar}>
                <h2 className={styles.sectionTitle}>Expenses</h2>
                <Button variant="accent" onClick={() => setEditing('new')}>
                  <Plus size={18} aria-hidden="true" /> Add Expense
                </Button>
              </div>
              <Suspense fallback={<LoadingState label="Loading expenses" />}>
                <HomeCurrencyField
                  tripId={tripId}
                  home={home}
                  changeable={expenses.expense_count === 0 && settlements.data.length === 0}
                  onChanged={() => void ledger.refresh()}
                />
                <LedgerFiles tripId={tripId} participants={participants.data} />
                <ExpenseList
                  expenses={expenses.data}
                  pending={ledger.pending}
                  onEdit={setEditing}
                  total={expenses.expense_count}
                  more={ledger.more}
                />
              </Suspense>
            </>
          )}
          {tab === 'settlements' && (
            <>
              {settlements.error && <Notice tone="error">{settlements.error}</Notice>}
              {calcError && <Notice tone="error">{calcError}</Notice>}
              <div className={split.toolbar}>
                <h2 className={styles.sectionTitle}>Settlements</h2>
                <CalculateSettlementsButton calculating={calculating} onCalculate={calculate} />
              </div>
              <Suspense fallback={<LoadingState label="Loading settlements" />}>
                <SettlementList tripId={tripId} settlements={settlements.data} />
                {balances && <BalanceList balances={balances} />}
              </Suspense>
            </>
          )}
          {tab === 'budget' && <BudgetTab tripId={tripId} withSummary={false} />}
          {tab === 'history' && (
            <Suspense fallback={<LoadingState label="Loading the history" />}>
              <ActivityList tripId={tripId} />
            </Suspense>
          )}
        </Tabs>

        {editing && user && (
          <Suspense fallback={null}>
            <ExpenseFormModal
              tripId={tripId}
              participants={participants.data}
              userId={user.userId}
              expense={editing === 'new' ? null : editing}
              home={home}
              onClose={() => setEditing(null)}
            />
          </Suspense>
        )}
      </div>
    </HomeCurrency.Provider>,
  );
}
