import { useId, useState } from 'react';
import { useQuery } from '@tanstack/react-query';
import { CircleHelp } from 'lucide-react';
import { money } from '@/shared/locale';
import { errorMessage } from '@/shared/api';
import { cx } from '@/shared/cx';
import { DisclosureButton } from '@/shared/ui/DisclosureButton';
import { Notice } from '@/shared/ui/Notice';
import { personName, settlementSentence } from '../categories';
import { GuestBadge } from '../GuestBadge';
import { useHomeMoney } from '../homeCurrency';
import { explanationQuery } from '../queries';
import styles from '@/shared/ui/Ledger.module.css';

export const EXPLANATION_TITLE = 'How we got here';

/** "Gets back $60.00", "Owes $30.00" or "Even": a balance as the list reads it, in the trip's currency. */
export const balanceWords = (cents: number, home?: string) =>
  cents > 0 ? `Gets back ${money(cents, home)}` : cents < 0 ? `Owes ${money(-cents, home)}` : 'Even';

/**
 * "How we got here": a disclosure under the settlements that shows, per member, what they paid, their share, the
 * balance that leaves, and which transfers settle it. Read when opened and again whenever the ledger moves (it is
 * one of the ledger's queries); opening it changes nothing.
 */
export function SettlementExplanation({ tripId }: { tripId: string }) {
  const { home } = useHomeMoney();
  const [open, setOpen] = useState(false);
  const panelId = useId();
  const read = useQuery({ ...explanationQuery(tripId), enabled: open });
  const { data, isFetching: loading } = read;
  const error = read.isError ? errorMessage(read.error, 'Failed to load settlements') : null;

  const byId = new Map(data?.settlements.map((s) => [s.id, s]));
  // Only while the trip settles by household: a member's household settles for them through its payer.
  const households = data?.households ?? [];
  const householdById = new Map(households.map((h) => [h.id, h]));
  const memberName = (userId: string) => {
    const member = data?.members.find((m) => m.user_id === userId);
    return member ? personName(member) : 'One member';
  };
  return (
    <section className={styles.explanation}>
      <DisclosureButton
        open={open}
        icon={<CircleHelp size={18} aria-hidden="true" />}
        aria-controls={panelId}
        onClick={() => setOpen((was) => !was)}
      >
        {EXPLANATION_TITLE}
      </DisclosureButton>
      {open && (
        <div id={panelId} className={styles.explanationPanel} aria-busy={loading}>
          {error && <Notice tone="error">{error}</Notice>}
          {loading && !data && (
            <p className={styles.hint} role="status">
              Loading...
            </p>
          )}
          {data && (
            <ul className={styles.list} aria-label={EXPLANATION_TITLE}>
              {data.members.map((member) => {
                const transfers = member.settlement_ids.flatMap((id) => byId.get(id) ?? []);
                const household = member.household_id ? householdById.get(member.household_id) : undefined;
                // A payer's own figure stays open by what they pay for the others: the household's sum is what counts.
                const unsettled = household ? household.unsettled_cents : member.unsettled_cents;
                return (
                  <li key={member.user_id} className={styles.explainCard}>
                    <div className={styles.explainHead}>
                      <span className={styles.name}>
                        {personName(member)}
                        <GuestBadge person={member} />
                      </span>
                      <span
                        className={cx(styles.money, member.balance_cents > 0 ? styles.owed : styles.owes)}
                      >
                        {balanceWords(member.balance_cents, home)}
                      </span>
                    </div>
                    {household && <p className={styles.meta}>Settles with the household {household.name}</p>}
                    <dl className={styles.figures}>
                      <div>
                        <dt>Paid</dt>
                        <dd className={styles.money}>{money(member.total_paid_cents, home)}</dd>
                      </div>
                      <div>
                        <dt>Share</dt>
                        <dd className={styles.money}>{money(member.total_owed_cents, home)}</dd>
                      </div>
                      <div>
                        <dt>Balance</dt>
                        <dd className={styles.money}>{money(member.balance_cents, home)}</dd>
                      </div>
                    </dl>
                    {transfers.length > 0 ? (
                      <>
                        <p className={styles.meta}>Settled by</p>
                        <ul className={styles.transfers}>
                          {transfers.map((s) => (
                            <li key={s.id}>
                              {settlementSentence(s, home)}{' '}
                              <span className={cx(styles.badge, s.settled_at ? styles.paid : styles.pending)}>
                                {s.settled_at ? 'Paid' : 'Pending'}
                              </span>
                            </li>
                          ))}
                        </ul>
                      </>
                    ) : (
                      member.balance_cents === 0 && <p className={styles.meta}>Nothing to settle.</p>
                    )}
                    {unsettled !== 0 && (
                      <p className={styles.meta}>
                        {money(Math.abs(unsettled), home)} is not covered by the settlements yet. Calculate
                        Settlements to bring them up to date.
                      </p>
                    )}
                  </li>
                );
              })}
            </ul>
          )}
          {households.length > 0 && (
            <ul className={styles.list} aria-label="Households">
              {households.map((h) => (
                <li key={h.id} className={styles.explainCard}>
                  <div className={styles.explainHead}>
                    <span className={styles.name}>{h.name}</span>
                    <span className={cx(styles.money, h.balance_cents > 0 ? styles.owed : styles.owes)}>
                      {balanceWords(h.balance_cents, home)}
                    </span>
                  </div>
                  <p className={styles.meta}>
                    Its members' balances added up; {memberName(h.payer_user_id)} pays or receives for all of
                    them.
                  </p>
                </li>
              ))}
            </ul>
          )}
        </div>
      )}
    </section>
  );
}
