import { Suspense } from 'react';
import { useNavigate } from 'react-router';
import { Plus } from 'lucide-react';
import { Button } from '@/shared/ui/Button';
import { Notice } from '@/shared/ui/Notice';
import { LoadingState } from '@/shared/ui/Spinner';
import { lazyNamed } from '@/shared/lazyNamed';
import { Tabs } from '@/shared/ui/Tabs';
import { useGuestSession, useSession } from '@/features/auth';
import { AddGuestForm } from './participants/AddGuestForm';
import { AddParticipantForm } from './participants/AddParticipantForm';
import { ExpensesLoadError } from './expenses/ExpensesLoadError';
import { BudgetTab } from './budget/BudgetTab';
import { CalculateSettlementsButton } from './settlements/CalculateSettlementsButton';
import { SettleByHouseholdSwitch } from './settlements/SettleByHouseholdSwitch';
import { HomeCurrency } from './homeCurrency';
import { InviteLinkPanel } from './invite-links/InviteLinkPanel';
import { Households } from './participants/Households';
import { useHouseholds } from './participants/householdMutations';
import { ParticipantList } from './participants/ParticipantList';
import type { LiveLedger } from './live/useLiveLedger';
import type { SplitLedgerView } from './useLedgerView';
import split from '@/shared/ui/Ledger.module.css';
import styles from './TripSplitPage.module.css';

// The expense form (its currency, payer and receipt fields) loads when it is first opened, not with the page; the
// Expenses and Settlements tabs' contents (the currency picker with every currency's name, export and import, the
// settlement explanations) when their tab is first chosen: the page opens on Participants.
const ExpenseForm = lazyNamed(() => import('./expenses/ExpenseForm'), 'ExpenseForm');
const HomeCurrencyField = lazyNamed(() => import('./HomeCurrencyField'), 'HomeCurrencyField');
const LedgerFiles = lazyNamed(() => import('./ledger-files/LedgerFiles'), 'LedgerFiles');
const ExpenseList = lazyNamed(() => import('./expenses/ExpenseList'), 'ExpenseList');
const SettlementList = lazyNamed(() => import('./settlements/SettlementList'), 'SettlementList');
const BalanceList = lazyNamed(() => import('./settlements/SettlementList'), 'BalanceList');
// The money at a glance's charts and the history load when their tab is first chosen.
const ActivityList = lazyNamed(() => import('./budget/ActivityList'), 'ActivityList');

/**
 * The split page below its header and glance: the tabs (participants with the invite panel, expenses, settlements,
 * budget, history) and the expense form. A chunk of its own, drawn once the glance is on screen: its
 * code, its reads' checks and its render come after the page's largest text rather than before it.
 */
export function LedgerTabs({
  tripId,
  ledger,
  view,
}: {
  tripId: string;
  ledger: LiveLedger;
  view: SplitLedgerView;
}) {
  const navigate = useNavigate();
  const { user } = useSession();
  // A guest session reads the ledger and writes expenses; the rest (people, links, currency, files, settling) is
  // the trip members', and left out rather than offered and refused.
  const guest = useGuestSession();
  const { tab, setTab, editing, setEditing } = view;
  const { balances, calculating, calcError, calculate } = view.calculation;
  const { participants, invitations, expenses, settlements } = ledger;
  const home = expenses.home_currency;
  const households = useHouseholds(tripId).data;
  // Settlements name households only while the trip settles by them.
  const settlingHouseholds = households?.settle_by_household ? households.households : [];
  return (
    <HomeCurrency.Provider value={home}>
      <Tabs
        label="Trip split"
        active={tab}
        onChange={setTab}
        tabs={[
          { key: 'participants', label: 'Participants', count: ledger.counts.participants },
          { key: 'expenses', label: 'Expenses', count: ledger.counts.expenses },
          { key: 'settlements', label: 'Settlements', count: ledger.counts.settlements },
          { key: 'budget', label: 'Budget' },
          { key: 'history', label: 'History' },
        ]}
      >
        {tab === 'participants' && (
          <>
            {(participants.error ?? invitations.error) && (
              <Notice tone="error">{participants.error ?? invitations.error}</Notice>
            )}
            {!guest && (
              <>
                <AddParticipantForm tripId={tripId} />
                <AddGuestForm tripId={tripId} />
                <InviteLinkPanel tripId={tripId} />
              </>
            )}
            <ParticipantList
              tripId={tripId}
              participants={participants.data}
              invitations={invitations.data}
              households={households?.households ?? []}
              onLeft={() => void navigate('/trips')}
            />
            <Households tripId={tripId} participants={participants.data} />
          </>
        )}
        {tab === 'expenses' && (
          <>
            {expenses.error && <ExpensesLoadError error={expenses.error} reload={ledger.reloadExpenses} />}
            <div className={split.toolbar}>
              <h2 className={styles.sectionTitle}>Expenses</h2>
              <Button variant="accent" onClick={() => setEditing('new')}>
                <Plus size={18} aria-hidden="true" /> Add Expense
              </Button>
            </div>
            <Suspense fallback={<LoadingState label="Loading expenses" />}>
              {!guest && (
                <>
                  <HomeCurrencyField
                    tripId={tripId}
                    home={home}
                    changeable={expenses.expense_count === 0 && settlements.data.length === 0}
                    onChanged={() => void ledger.refresh()}
                  />
                  <LedgerFiles tripId={tripId} participants={participants.data} />
                </>
              )}
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
              {!guest && <CalculateSettlementsButton calculating={calculating} onCalculate={calculate} />}
            </div>
            <SettleByHouseholdSwitch tripId={tripId} />
            <Suspense fallback={<LoadingState label="Loading settlements" />}>
              <SettlementList
                tripId={tripId}
                settlements={settlements.data}
                households={settlingHouseholds}
              />
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
          <ExpenseForm
            variant="split-page"
            tripId={tripId}
            participants={participants.data}
            userId={user.userId}
            expense={editing === 'new' ? null : editing}
            home={home}
            onClose={() => setEditing(null)}
          />
        </Suspense>
      )}
    </HomeCurrency.Provider>
  );
}
