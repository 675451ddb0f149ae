import { useId, useMemo, useState, type FormEvent } from 'react';
import { format } from 'date-fns';
import {
  DEFAULT_HOME_CURRENCY,
  formatMoney,
  formatTypedAmount,
  type Expense,
  type Participant,
} from '@wayfare/contract';
import { errorMessage } from '../../shared/api';
import { userLocale } from '../../shared/locale';
import { Button } from '../../shared/ui/Button';
import { Modal } from '../../shared/ui/Modal';
import { Notice } from '../../shared/ui/Notice';
import { personName, ExpenseBasicsFields, splitApi, digitsOf } from '../split';
import split from '../../shared/ui/Ledger.module.css';
import {
  MODAL_MESSAGES,
  computeModalSplit,
  emptyModalDraft,
  modalDraftFromExpense,
  modalExpenseBody,
  splitPeople,
  type ModalDraft,
  type SplitMethod,
} from './modalSplit';

const METHODS: Array<{ key: SplitMethod; label: string }> = [
  { key: 'equal', label: 'Equal' },
  { key: 'custom', label: 'Custom amounts' },
  { key: 'percent', label: 'Percentages' },
];

interface AddExpenseModalProps {
  tripId: string;
  participants: Participant[];
  userId: string;
  /** Edit mode when given: the modal is prefilled with the expense and its split as decided. */
  expense?: Expense | null;
  /** The trip's home currency (US dollars when absent). */
  home?: string;
  onClose: () => void;
}

/**
 * The overview's add-expense modal (spec §5): equal, custom or percent, for everyone or selected people; it also
 * edits any expense, whichever form made it.
 */
export function AddExpenseModal({
  tripId,
  participants,
  userId,
  expense,
  home = DEFAULT_HOME_CURRENCY,
  onClose,
}: AddExpenseModalProps) {
  const everyone = useMemo(() => participants.map((p) => p.user_id), [participants]);
  const locale = userLocale();
  const [draft, setDraft] = useState<ModalDraft>(() =>
    expense
      ? modalDraftFromExpense(expense, everyone, locale, home)
      : emptyModalDraft(
          format(new Date(), 'yyyy-MM-dd'),
          everyone.includes(userId) ? userId : (everyone[0] ?? ''),
          everyone,
          home,
        ),
  );
  // Shares are worked out in the currency the amounts are typed in; the server converts them once.
  const currency = draft.currency ?? home;
  const [saveError, setSaveError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const id = useId();
  const set = <K extends keyof ModalDraft>(key: K, value: ModalDraft[K]) =>
    setDraft((d) => ({ ...d, [key]: value }));
  const computed = computeModalSplit(draft, everyone, locale);
  const people = splitPeople(draft, everyone);
  const shareOf = new Map(computed.shares?.map((s) => [s.user_id, s.cents]));
  const nameOf = new Map(participants.map((p) => [p.user_id, personName(p)]));

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (!computed.shares) return;
    setBusy(true);
    setSaveError(null);
    try {
      const body = modalExpenseBody(draft, computed.shares, locale);
      if (expense) await splitApi.updateExpense(expense.id, body);
      else await splitApi.createExpense(userId, tripId, body);
      onClose();
    } catch (err) {
      setSaveError(
        errorMessage(err, expense ? 'Failed to save expense' : 'Failed to create expense. Please try again.'),
      );
      setBusy(false);
    }
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
          <Button
            type="submit"
            form={formId}
            disabled={computed.error !== null}
            loading={busy}
            loadingText="Saving..."
          >
            {expense ? 'Save Changes' : 'Add Expense'}
          </Button>
        </>
      }
    >
      <form id={formId} className={split.form} onSubmit={(e) => void submit(e)} noValidate>
        {saveError && <Notice tone="error">{saveError}</Notice>}
        <ExpenseBasicsFields
          values={draft}
          participants={participants}
          stored={expense ?? null}
          onChange={(patch) => setDraft((d) => ({ ...d, ...patch }))}
        />

        <fieldset className={split.choices}>
          <legend>Split method</legend>
          {METHODS.map((method) => (
            <label key={method.key} className={split.choice}>
              <input
                type="radio"
                name={`${id}-method`}
                checked={draft.method === method.key}
                onChange={() => set('method', method.key)}
              />
              {method.label}
            </label>
          ))}
        </fieldset>
        <fieldset className={split.choices}>
          <legend>Split between</legend>
          <label className={split.choice}>
            <input
              type="radio"
              name={`${id}-scope`}
              checked={draft.scope === 'all'}
              onChange={() => set('scope', 'all')}
            />
            Everyone
          </label>
          <label className={split.choice}>
            <input
              type="radio"
              name={`${id}-scope`}
              checked={draft.scope === 'selected'}
              onChange={() => set('scope', 'selected')}
            />
            Selected people
          </label>
          <label className={split.choice}>
            <input
              type="checkbox"
              checked={draft.include_payer}
              onChange={(e) => set('include_payer', e.target.checked)}
            />
            Include payer
          </label>
        </fieldset>

        <div className={split.personRows}>
          {participants.map((p) => {
            const inSplit = people.includes(p.user_id);
            const selectable = draft.scope === 'selected';
            return (
              <div key={p.user_id} className={split.personRow}>
                {selectable ? (
                  <label className={split.choice}>
                    <input
                      type="checkbox"
                      checked={draft.selected.includes(p.user_id)}
                      onChange={(e) =>
                        set(
                          'selected',
                          e.target.checked
                            ? [...draft.selected, p.user_id]
                            : draft.selected.filter((u) => u !== p.user_id),
                        )
                      }
                    />
                    {nameOf.get(p.user_id)}
                  </label>
                ) : (
                  <span>{nameOf.get(p.user_id)}</span>
                )}
                {draft.method === 'equal' || !inSplit ? (
                  <span className={split.money}>
                    {inSplit && shareOf.has(p.user_id)
                      ? formatMoney(shareOf.get(p.user_id) as number, locale, currency)
                      : '—'}
                  </span>
                ) : (
                  <input
                    type="text"
                    inputMode="decimal"
                    autoComplete="off"
                    placeholder={
                      draft.method === 'percent' ? '%' : formatTypedAmount(0, locale, digitsOf(draft))
                    }
                    aria-label={`${draft.method === 'percent' ? 'Percentage' : 'Amount'} for ${nameOf.get(p.user_id)}`}
                    value={draft.values[p.user_id] ?? ''}
                    onChange={(e) => set('values', { ...draft.values, [p.user_id]: e.target.value })}
                  />
                )}
              </div>
            );
          })}
        </div>
        <p className={split.hint} aria-live="polite">
          {computed.error ?? `Split adds up to ${formatMoney(computed.allocatedCents, locale, currency)}`}
        </p>
        {computed.error === MODAL_MESSAGES.notAddingUp && (
          <p className={split.hint}>
            So far {formatMoney(computed.allocatedCents, locale, currency)} is assigned.
          </p>
        )}
      </form>
    </Modal>
  );
}
