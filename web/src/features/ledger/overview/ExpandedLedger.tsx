import { useEffect, useRef, useState } from 'react';
import { Plus, UserPlus, Users } from 'lucide-react';
import { type Expense, type SplitTripSummary } from '@wayfare/contract';
import { money } from '@/shared/locale';
import { Button } from '@/shared/ui/Button';
import { Modal } from '@/shared/ui/Modal';
import { Notice } from '@/shared/ui/Notice';
import { Tabs } from '@/shared/ui/Tabs';
import { useSession } from '@/features/auth';
import { AddParticipantForm } from '../participants/AddParticipantForm';
import { BudgetTab } from '../budget/BudgetTab';
import { CalculateSettlementsButton } from '../settlements/CalculateSettlementsButton';
import { ExpenseForm } from '../expenses/ExpenseForm';
import { ExpenseList } from '../expenses/ExpenseList';
import { ExpensesLoadError } from '../expenses/ExpensesLoadError';
import { HomeCurrency } from '../homeCurrency';
import { ParticipantList } from '../participants/ParticipantList';
import { SettlementList } from '../settlements/SettlementList';
import { useLiveLedger } from '../live/useLiveLedger';
import { ledgerFigures, useCardSettlements } from './useCardSettlements';
import styles from './Overview.module.css';

type CardTab = 'expenses' | 'people' | 'settlements' | 'budget';

/** An expanded trip card's live ledger: its tabs, Add Expense and Add Friend. */
export function ExpandedLedger({ trip, onChanged }: { trip: SplitTripSummary; onChanged: () => void }) {
  const { user } = useSession();
  const ledger = useLiveLedger(trip.id);
  const { calculating, calcError, calculate } = useCardSettlements(trip.id, ledger);
  const [tab, setTab] = useState<CardTab>('expenses');
  // Spec §4: opening the Settlements tab recalculates (each time it opens, not when it is chosen again).
  const openTab = (next: CardTab) => {
    if (next === 'settlements' && tab !== 'settlements') calculate();
    setTab(next);
  };
  const [modal, setModal] = useState<'expense' | 'friend' | null>(null);
  const [editing, setEditing] = useState<Expense | null>(null);
  const { participants, invitations, expenses, settlements } = ledger;
  const home = expenses.home_currency;
  const me = user?.userId;
  // The card's figures come from the overview list; refresh it when this ledger moves on.
  const seen = useRef<string | null>(null);
  const figures = ledgerFigures(expenses);
  useEffect(() => {
    if (ledger.loading) return;
    if (seen.current !== null && seen.current !== figures) onChanged();
    seen.current = figures;
  }, [ledger.loading, figures, onChanged]);

  if (ledger.revoked) return <Notice tone="info">You are no longer a participant of this trip.</Notice>;
  return (
    <HomeCurrency.Provider value={home}>
      <div className={styles.expanded}>
        {ledger.listener}
        <div className={styles.expandedHead}>
          <p className={styles.share}>
            Your share <strong>{money(expenses.your_share_cents, home)}</strong>
          </p>
          <div className={styles.expandedActions}>
            <Button
              variant="accent"
              onClick={() => setModal('expense')}
              disabled={participants.data.length === 0}
            >
              <Plus size={18} aria-hidden="true" /> Add Expense
            </Button>
            <Button variant="secondary" onClick={() => setModal('friend')}>
              <UserPlus size={18} aria-hidden="true" /> Add Friend
            </Button>
          </div>
        </div>
        <Tabs
          label={`${trip.trip_name} ledger`}
          active={tab}
          onChange={openTab}
          tabs={[
            { key: 'expenses', label: 'Expenses', count: ledger.counts.expenses },
            { key: 'people', label: 'People', count: ledger.counts.participants },
            { key: 'settlements', label: 'Settlements', count: ledger.counts.settlements },
            { key: 'budget', label: 'Budget' },
          ]}
        >
          {tab === 'expenses' && (
            <>
              {expenses.error && <ExpensesLoadError error={expenses.error} reload={ledger.reloadExpenses} />}
              <ExpenseList
                expenses={expenses.data}
                onEdit={setEditing}
                total={expenses.expense_count}
                more={ledger.more}
                pending={ledger.pending}
              />
            </>
          )}
          {tab === 'people' && (
            <>
              {(participants.error ?? invitations.error) && (
                <Notice tone="error">{participants.error ?? invitations.error}</Notice>
              )}
              <ParticipantList
                tripId={trip.id}
                participants={participants.data}
                invitations={invitations.data}
                onLeft={onChanged}
              />
            </>
          )}
          {tab === 'settlements' && (
            <>
              {(calcError ?? settlements.error) && (
                <Notice tone="error">{calcError ?? settlements.error}</Notice>
              )}
              <CalculateSettlementsButton calculating={calculating} onCalculate={calculate} />
              <div className={styles.settlements} aria-busy={calculating}>
                <SettlementList tripId={trip.id} settlements={settlements.data} />
              </div>
            </>
          )}
          {tab === 'budget' && <BudgetTab tripId={trip.id} />}
        </Tabs>
        {modal === 'expense' && me && (
          <ExpenseForm
            variant="overview"
            tripId={trip.id}
            participants={participants.data}
            userId={me}
            home={home}
            onClose={() => setModal(null)}
          />
        )}
        {editing && me && (
          <ExpenseForm
            variant="overview"
            key={editing.id}
            tripId={trip.id}
            participants={participants.data}
            userId={me}
            expense={editing}
            home={home}
            onClose={() => setEditing(null)}
          />
        )}
        <Modal open={modal === 'friend'} onClose={() => setModal(null)} title="Add Friend">
          <p className={styles.meta}>
            <Users size={14} aria-hidden="true" /> Add a friend to {trip.trip_name} by email or username.
          </p>
          <AddParticipantForm
            tripId={trip.id}
            onAdded={onChanged}
            failureMessage="Failed to add participant. Please try again."
          />
        </Modal>
      </div>
    </HomeCurrency.Provider>
  );
}
