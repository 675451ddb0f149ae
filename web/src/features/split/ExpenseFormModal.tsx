import { useId, useState, type FormEvent } from 'react';
import { format } from 'date-fns';
import { DEFAULT_HOME_CURRENCY, EXPENSE_TYPES, type Expense, type Participant } from '@wayfare/contract';
import { errorMessage } from '../../shared/api';
import { userLocale } from '../../shared/locale';
import { Button } from '../../shared/ui/Button';
import { Modal } from '../../shared/ui/Modal';
import { Notice } from '../../shared/ui/Notice';
import { TextField } from '../../shared/ui/TextField';
import { EXPENSE_TYPE_LABEL, personName } from './categories';
import { digitsOf } from './currencyDraft';
import { ExpenseBasicsFields } from './ExpenseBasicsFields';
import { PersonAmountRow } from './PersonAmountRow';
import { ReceiptControl } from './ReceiptControl';
import {
  changeSplit,
  describeSplit,
  draftFromExpense,
  emptyDraft,
  expenseBodyFromDraft,
  keptSplits,
  type ExpenseDraft,
} from './forms';
import { splitApi } from './splitApi';
import styles from '../../shared/ui/Ledger.module.css';

interface ExpenseFormModalProps {
  tripId: string;
  participants: Participant[];
  /** The signed-in user, the default payer. */
  userId: string;
  /** Edit mode when given: the form is prefilled from it. */
  expense: Expense | null;
  /** The trip's home currency (US dollars when absent). */
  home?: string;
  onClose: () => void;
}

/** The per-trip page's simple expense form (spec §5), in add or edit mode. */
export function ExpenseFormModal({
  tripId,
  participants,
  userId,
  expense,
  home = DEFAULT_HOME_CURRENCY,
  onClose,
}: ExpenseFormModalProps) {
  const locale = userLocale();
  const [draft, setDraft] = useState<ExpenseDraft>(() =>
    expense
      ? draftFromExpense(expense, locale, home)
      : emptyDraft(format(new Date(), 'yyyy-MM-dd'), userId, home),
  );
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const id = useId();
  const set = <K extends keyof ExpenseDraft>(key: K, value: ExpenseDraft[K]) =>
    setDraft((d) => ({ ...d, [key]: value }));

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    const built = expenseBodyFromDraft(draft, locale);
    if ('error' in built) return setError(built.error);
    setError(null);
    setBusy(true);
    try {
      if (expense) await splitApi.updateExpense(expense.id, built.body);
      else await splitApi.createExpense(userId, tripId, built.body);
      onClose();
    } catch (err) {
      setError(errorMessage(err, 'Failed to save expense'));
      setBusy(false);
    }
  };

  const others = participants.filter((p) => p.user_id !== draft.paid_by);
  const owed = keptSplits(draft, locale) ?? draft.splits;
  const nameOf = (userId: string) => {
    const person = participants.find((p) => p.user_id === userId);
    return person ? personName(person) : 'Former member';
  };
  const formId = `${id}-form`;
  return (
    <Modal
      open
      onClose={onClose}
      title={expense ? 'Edit Expense' : 'Add Expense'}
      footer={
        <>
          <Button variant="secondary" onClick={onClose}>
            Cancel
          </Button>
          <Button type="submit" form={formId} loading={busy} loadingText="Saving...">
            {expense ? 'Save Changes' : 'Add Expense'}
          </Button>
        </>
      }
    >
      <form id={formId} className={styles.form} onSubmit={(e) => void submit(e)} noValidate>
        {error && <Notice tone="error">{error}</Notice>}
        <ExpenseBasicsFields
          values={draft}
          participants={participants}
          stored={expense}
          onChange={(patch) =>
            setDraft((d) =>
              patch.paid_by !== undefined && patch.paid_by !== d.paid_by
                ? changeSplit(d, patch)
                : { ...d, ...patch },
            )
          }
        />
        <TextField
          label="Description (optional)"
          value={draft.description}
          onChange={(e) => set('description', e.target.value)}
        />
        {expense ? (
          <ReceiptControl expense={expense} />
        ) : (
          <p className={styles.hint}>
            Once the expense is added, edit it to attach a photo or PDF of the receipt.
          </p>
        )}
        <fieldset className={styles.choices}>
          <legend>Split</legend>
          {EXPENSE_TYPES.map((type) => (
            <label key={type} className={styles.choice}>
              <input
                type="radio"
                name={`${id}-type`}
                value={type}
                checked={draft.expense_type === type}
                onChange={() => setDraft((d) => changeSplit(d, { expense_type: type }))}
              />
              {EXPENSE_TYPE_LABEL[type]}
            </label>
          ))}
        </fieldset>
        {draft.kept && (
          <p className={styles.hint} aria-live="polite">
            Kept as decided ({describeSplit(draft.kept, nameOf, locale, home)}). A new amount is split the
            same way; change the split to decide it again.
          </p>
        )}
        {draft.expense_type === 'shared' && (
          <div className={styles.personRows}>
            <p className={styles.hint}>
              What each person owes the payer. Leave all empty to split equally among them.
            </p>
            {others.map((p) => (
              <PersonAmountRow
                key={p.user_id}
                person={p}
                label={`Amount owed by ${personName(p)}`}
                value={owed[p.user_id] ?? ''}
                locale={locale}
                digits={digitsOf(draft)}
                onChange={(text) =>
                  setDraft((d) =>
                    changeSplit(d, {
                      splits: { ...(keptSplits(d, locale) ?? d.splits), [p.user_id]: text },
                    }),
                  )
                }
              />
            ))}
          </div>
        )}
      </form>
    </Modal>
  );
}
