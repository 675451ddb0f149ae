import { useEffect, useRef, useState } from 'react';
import { format, parseISO } from 'date-fns';
import { CheckCircle2, PartyPopper } from 'lucide-react';
import {
  settlementReplacedSchema,
  type Balance,
  type Household,
  type LedgerPerson,
  type Settlement,
} from '@wayfare/contract';
import { ApiError, errorMessage } from '@/shared/api';
import { cx } from '@/shared/cx';
import { Button } from '@/shared/ui/Button';
import { Notice } from '@/shared/ui/Notice';
import { useGuestSession, useSession } from '@/features/auth';
import { ledgerName, settlementSentence } from '../categories';
import { GuestBadge } from '../GuestBadge';
import { useHomeMoney } from '../homeCurrency';
import { PaySettlement } from './PaySettlement';
import { SettlementExplanation } from './SettlementExplanation';
import { useMarkPaid } from './settlementMutations';
import styles from '@/shared/ui/Ledger.module.css';

export const MARK_PAID_CONFIRM = 'Mark this settlement as paid?';

/**
 * Pending transfers first, then paid ones; 'All Settled!' once every one is paid; "How we got here" below. When
 * another member's recalculation replaced a transfer before it was marked paid, the server's message and its
 * current list are shown until the ledger's own list moves on.
 */
export function SettlementList({
  tripId,
  settlements: listed,
  households = [],
}: {
  tripId: string;
  settlements: Settlement[];
  /** While the trip settles by household: its households, named beside the payer who pays or receives for one. */
  households?: Household[];
}) {
  // Marking a transfer paid and reading pay details are the trip members' (a guest session sees where everyone
  // stands).
  const guest = useGuestSession();
  const { home } = useHomeMoney();
  const me = useSession().user?.userId;
  const paying = useMarkPaid(tripId);
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState<string | null>(null);
  const [replaced, setReplaced] = useState<{
    message: string;
    over: Settlement[];
    list: Settlement[];
  } | null>(null);
  const settlements = replaced?.over === listed ? replaced.list : listed;
  // Marked paid, a row loses its button (which had the keyboard user's focus): focus goes to the row, now 'Paid'.
  const rows = useRef(new Map<string, HTMLLIElement>());
  const marked = useRef<string | null>(null);
  useEffect(() => {
    const id = marked.current;
    if (!id || !settlements.find((s) => s.id === id)?.settled_at) return;
    rows.current.get(id)?.focus();
    marked.current = null;
  }, [settlements]);

  const markPaid = async (settlement: Settlement) => {
    if (!window.confirm(MARK_PAID_CONFIRM)) return;
    setBusy(settlement.id);
    setError(null);
    setReplaced(null);
    marked.current = settlement.id;
    try {
      await paying.mutateAsync(settlement);
    } catch (err) {
      marked.current = null;
      const current =
        err instanceof ApiError && err.status === 409 && settlementReplacedSchema.safeParse(err.body);
      if (current && current.success) {
        setReplaced({ message: current.data.error, over: listed, list: current.data.settlements });
      } else setError(errorMessage(err, 'Failed to mark settlement as paid'));
    } finally {
      setBusy(null);
    }
  };

  const paidFor = new Map(households.map((h) => [h.payer_user_id, h.name]));
  /** "Ana & Bea: Ana Doe" for a household's payer, the person's name otherwise. */
  const party = (person: LedgerPerson) => {
    const household = paidFor.get(person.user_id);
    return household ? `${household}: ${ledgerName(person)}` : ledgerName(person);
  };

  const notices = (
    <>
      {error && <Notice tone="error">{error}</Notice>}
      {replaced && <Notice tone="info">{replaced.message}</Notice>}
    </>
  );
  const explanation = <SettlementExplanation tripId={tripId} />;
  if (settlements.length === 0) {
    return (
      <>
        {notices}
        <p className={styles.empty}>No settlements yet. Calculate them to see who owes whom.</p>
        {explanation}
      </>
    );
  }
  const ordered = [...settlements].sort(
    (a, b) => Number(Boolean(a.settled_at)) - Number(Boolean(b.settled_at)),
  );
  const allPaid = settlements.every((s) => s.settled_at);
  return (
    <>
      {notices}
      {allPaid && (
        <p className={styles.settled} role="status">
          <PartyPopper size={28} aria-hidden="true" />
          All Settled!
        </p>
      )}
      <ul className={styles.list} aria-label="Settlements">
        {ordered.map((settlement) => (
          <li
            key={settlement.id}
            ref={(row) => {
              if (row) rows.current.set(settlement.id, row);
              else rows.current.delete(settlement.id);
            }}
            tabIndex={-1}
            className={cx(styles.row, styles.wrapRow)}
          >
            <div className={styles.main}>
              <span className={styles.sentence}>{settlementSentence(settlement, home)}</span>
              <span className={styles.meta}>
                {party(settlement.payer)} <GuestBadge person={settlement.payer} /> → {party(settlement.payee)}{' '}
                <GuestBadge person={settlement.payee} />
              </span>
            </div>
            {settlement.settled_at ? (
              <span className={cx(styles.badge, styles.paid)}>
                <CheckCircle2 size={12} aria-hidden="true" /> Paid{' '}
                {format(parseISO(settlement.settled_at), 'MMM d')}
              </span>
            ) : (
              <>
                <span className={cx(styles.badge, styles.pending)}>Pending</span>
                {!guest && (
                  <Button
                    variant="secondary"
                    loading={busy === settlement.id}
                    onClick={() => void markPaid(settlement)}
                    aria-label={`Mark as Paid: ${settlementSentence(settlement, home)}`}
                  >
                    Mark as Paid
                  </Button>
                )}
                {!guest && settlement.payer.user_id === me && (
                  <PaySettlement tripId={tripId} settlement={settlement} />
                )}
              </>
            )}
          </li>
        ))}
      </ul>
      {explanation}
    </>
  );
}

/** Each person's paid, owed and net position after the last calculation. */
export function BalanceList({ balances }: { balances: Balance[] }) {
  const { money } = useHomeMoney();
  return (
    <section className={styles.balances} aria-label="Balances">
      <h3>Balances</h3>
      <ul className={styles.list}>
        {balances.map((b) => (
          <li key={b.user_id} className={styles.row}>
            <div className={styles.main}>
              <span className={styles.name}>
                {ledgerName(b)}
                <GuestBadge person={b} />
              </span>
              <span className={styles.meta}>
                Paid <span className={styles.money}>{money(b.total_paid_cents)}</span> · Share{' '}
                <span className={styles.money}>{money(b.total_owed_cents)}</span>
              </span>
            </div>
            <span className={cx(styles.money, b.balance_cents > 0 ? styles.owed : styles.owes)}>
              {b.balance_cents > 0 ? 'Gets back ' : b.balance_cents < 0 ? 'Owes ' : 'Even '}
              {b.balance_cents !== 0 && money(Math.abs(b.balance_cents))}
            </span>
          </li>
        ))}
      </ul>
    </section>
  );
}
