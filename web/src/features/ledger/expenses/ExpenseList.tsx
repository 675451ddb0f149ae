import { format, parseISO } from 'date-fns';
import { Pencil, RefreshCw, Trash2 } from 'lucide-react';
import { formatMoney, paidIn, type Expense } from '@wayfare/contract';
import { userLocale } from '@/shared/locale';
import { errorMessage } from '@/shared/api';
import { cx } from '@/shared/cx';
import { Button } from '@/shared/ui/Button';
import type { QueuedWrite } from '@/shared/offline/outbox';
import { PendingWrites } from '@/shared/offline/PendingWrites';
import { ReceiptThumbnail } from '../receipts/ReceiptThumbnail';
import { ItemizedBreakdown } from './ItemizedBreakdown';
import { Notice } from '@/shared/ui/Notice';
import { CATEGORY, EXPENSE_TYPE_LABEL, personName, rateSourceText } from '../categories';
import { useHomeMoney } from '../homeCurrency';
import { useDeleteExpense } from './expenseMutations';
import { changedLine, expenseConflictOf } from './expenseConflict';
import type { LiveLedger } from '../live/useLiveLedger';
import { useRowLanding } from '../useRowLanding';
import styles from '@/shared/ui/Ledger.module.css';
import own from './ExpenseList.module.css';

export const DELETE_EXPENSE_CONFIRM = 'Are you sure you want to delete this expense?';

interface ExpenseListProps {
  expenses: Expense[];
  /** Opens the expense form prefilled; without it the list is read-only. */
  onEdit?: (expense: Expense) => void;
  /** How many the trip has in all: the list shows a page at a time. */
  total: number;
  /** The next page: offered while there is one. */
  more: LiveLedger['more'];
  /** Expenses made offline and not sent yet, shown above the list as pending. */
  pending: QueuedWrite[];
}

/** The trip's expenses, newest first, each with who paid (each part, when several did) and everyone's share. */
export function ExpenseList({ expenses, onEdit, total, more, pending }: ExpenseListProps) {
  const { home, money } = useHomeMoney();
  const deletion = useDeleteExpense();
  const conflict = expenseConflictOf(deletion.error);
  const error = conflict
    ? `${changedLine(conflict, userLocale())}, so it was not deleted. Delete it again if you still want to.`
    : deletion.isError
      ? errorMessage(deletion.error, 'Failed to delete expense')
      : null;
  // A refused deletion says so in its row, where the member is looking (the list can be long); above the list
  // when the row is gone meanwhile.
  const failed = error ? deletion.variables?.id : undefined;
  const failedRowShown = expenses.some((expense) => expense.id === failed);
  const { list, land } = useRowLanding(expenses.map((expense) => expense.id));

  const remove = (expense: Expense, index: number) => {
    if (!window.confirm(DELETE_EXPENSE_CONFIRM)) return;
    land({ after: expenses[index - 1]?.id ?? null, gone: expense.id });
    deletion.mutate(expense, { onError: () => land(null) });
  };

  const waiting = <PendingWrites writes={pending} label="Expenses waiting to be sent" />;
  if (expenses.length === 0) {
    return pending.length ? waiting : <p className={styles.empty}>No expenses yet. Add the first one.</p>;
  }
  return (
    <>
      {waiting}
      {error && !failedRowShown && <Notice tone="error">{error}</Notice>}
      <ul ref={list} className={styles.list} aria-label="Expenses">
        {expenses.map((expense, index) => {
          const { Icon, label } = CATEGORY[expense.category];
          const paid = paidIn(expense, home);
          const foreign = paid.currency !== home;
          return (
            <li key={expense.id} className={styles.expenseRow} tabIndex={-1}>
              <span className={styles.categoryIcon} title={label}>
                <Icon size={20} aria-label={label} />
              </span>
              <div className={styles.main}>
                <span className={styles.name}>{expense.title}</span>
                <span className={styles.meta}>
                  {format(parseISO(expense.expense_date), 'MMM d, yyyy')} · Paid by {expense.paid_by_name} ·{' '}
                  {EXPENSE_TYPE_LABEL[expense.expense_type]}
                </span>
                {expense.payers.length > 1 && (
                  <details className={styles.paidParts}>
                    <summary>Who paid what</summary>
                    <span className={styles.shares}>
                      {expense.payers.map((payer) => (
                        <span key={payer.user_id}>
                          {personName(payer)} paid{' '}
                          <span className={styles.money}>{money(payer.amount_cents)}</span>
                        </span>
                      ))}
                    </span>
                  </details>
                )}
                {foreign && (
                  <span className={styles.meta}>
                    1 {paid.currency} = {paid.rate} {home} ·{' '}
                    {rateSourceText(paid.rate_source, paid.rate_date)}
                  </span>
                )}
                <span className={styles.shares}>
                  {expense.participants.map((share) => (
                    <span key={share.user_id}>
                      {personName(share)} <span className={styles.money}>{money(share.share_cents)}</span>
                    </span>
                  ))}
                </span>
                {expense.split.itemized && (
                  <ItemizedBreakdown
                    itemized={expense.split.itemized}
                    nameOf={(id) => {
                      const person = [...expense.participants, ...expense.payers].find(
                        (p) => p.user_id === id,
                      );
                      return person ? personName(person) : 'Former member';
                    }}
                  />
                )}
                {expense.receipt && <ReceiptThumbnail receipt={expense.receipt} title={expense.title} />}
              </div>
              <span className={styles.amounts}>
                <span className={styles.money}>{money(expense.amount_cents)}</span>
                {foreign && (
                  <span className={styles.original}>
                    {formatMoney(paid.minor, userLocale(), paid.currency)}
                  </span>
                )}
              </span>
              {onEdit && (
                <div className={styles.actions}>
                  <button
                    type="button"
                    className={styles.iconButton}
                    aria-label={`Edit ${expense.title}`}
                    title="Edit expense"
                    onClick={() => onEdit(expense)}
                  >
                    <Pencil size={18} aria-hidden="true" />
                  </button>
                  <button
                    type="button"
                    className={cx(styles.iconButton, styles.danger)}
                    aria-label={`Delete ${expense.title}`}
                    title="Delete expense"
                    onClick={() => remove(expense, index)}
                  >
                    <Trash2 size={18} aria-hidden="true" />
                  </button>
                </div>
              )}
              {expense.id === failed && (
                <div className={own.rowNotice}>
                  <Notice tone="error">{error}</Notice>
                </div>
              )}
            </li>
          );
        })}
      </ul>
      {(more.available || more.error) && (
        <div className={styles.more}>
          <span className={styles.meta} aria-live="polite">
            Showing {expenses.length} of {total}
          </span>
          {more.error && <Notice tone="error">{more.error}</Notice>}
          <Button
            variant="secondary"
            loading={more.loading}
            loadingText="Loading..."
            onClick={() => {
              land({ after: expenses.at(-1)?.id ?? null, gone: null });
              void more.load();
            }}
          >
            {more.error ? (
              <>
                <RefreshCw size={18} aria-hidden="true" /> Retry
              </>
            ) : (
              'Load more'
            )}
          </Button>
        </div>
      )}
    </>
  );
}
