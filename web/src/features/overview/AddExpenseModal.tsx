import { useMemo } from 'react';
import { format } from 'date-fns';
import { useWatch } from 'react-hook-form';
import { DEFAULT_HOME_CURRENCY, formatMoney } from '@wayfare/contract';
import { recordFieldMessage, useSchemaForm } from '../../shared/forms/useSchemaForm';
import { userLocale } from '../../shared/locale';
import { FieldError } from '../../shared/ui/Field';
import {
  ExpenseBasicsFields,
  ExpenseModalFrame,
  ItemizedSplitFields,
  personName,
  type ExpenseModalProps,
} from '../split';
import split from '../../shared/ui/Ledger.module.css';
import {
  MODAL_MESSAGES,
  computeModalSplit,
  emptyModalDraft,
  modalDraftFromExpense,
  modalExpenseFormSchema,
  splitPeople,
  type ModalDraft,
  type ModalSplitMethod,
} from '../../shared/forms/expense-modal-form';
import { digitsOf } from '../../shared/forms/expense-draft';
import { emptyItemizedDraft, type ItemizedDraft } from '../../shared/forms/itemized-draft';
import { formatTypedAmount, readTypedAmount } from '../../shared/forms/typed-amount';

const METHODS: Array<{ key: ModalSplitMethod; label: string }> = [
  { key: 'equal', label: 'Equal' },
  { key: 'custom', label: 'Custom amounts' },
  { key: 'percent', label: 'Percentages' },
  { key: 'itemized', label: 'Itemized' },
];

/**
 * The overview's add-expense modal (spec §5): equal, custom or percent, for everyone or selected people, or
 * itemized (issue 27: the people are the items'); it also edits any expense, whichever form made it.
 */
export function AddExpenseModal({
  tripId,
  participants,
  userId,
  expense = null,
  home = DEFAULT_HOME_CURRENCY,
  onClose,
}: ExpenseModalProps) {
  const everyone = useMemo(() => participants.map((p) => p.user_id), [participants]);
  const locale = userLocale();
  const schema = useMemo(() => modalExpenseFormSchema(everyone, locale), [everyone, locale]);
  const form = useSchemaForm(schema, {
    defaultValues: expense
      ? modalDraftFromExpense(expense, everyone, locale, home)
      : emptyModalDraft(
          format(new Date(), 'yyyy-MM-dd'),
          everyone.includes(userId) ? userId : (everyone[0] ?? ''),
          everyone,
          home,
        ),
  });
  const draft = useWatch({ control: form.control }) as ModalDraft;
  const { errors, isSubmitted } = form.formState;
  // Shares are worked out in the currency the amounts are typed in; the server converts them once.
  const currency = draft.currency ?? home;
  // Spec §5's first message that applies, shown live: Add Expense stays disabled until there is none.
  const computed = computeModalSplit(draft, everyone, locale);
  const people = splitPeople(draft, everyone);
  const shareOf = new Map(computed.shares?.map((s) => [s.user_id, s.cents]));
  const nameOf = new Map(participants.map((p) => [p.user_id, personName(p)]));

  const setValueOf = (userId: string, text: string) =>
    form.setValue(
      'values',
      { ...form.getValues('values'), [userId]: text },
      { shouldDirty: true, shouldValidate: isSubmitted },
    );

  const setItemized = (next: ItemizedDraft) =>
    form.setValue('itemized', next, { shouldDirty: true, shouldValidate: isSubmitted });
  const itemized = draft.method === 'itemized';

  // The schema's refusal of a split the live check let through (the server's own rules on the body).
  const splitRefusal = computed.error === null ? recordFieldMessage(errors.values) : undefined;
  return (
    <ExpenseModalFrame
      form={form}
      tripId={tripId}
      userId={userId}
      expense={expense}
      failure={expense ? 'Failed to save expense' : 'Failed to create expense. Please try again.'}
      submitDisabled={computed.error !== null}
      onClose={onClose}
      onScannedItems={(lines) => {
        form.setValue('method', 'itemized', { shouldDirty: true });
        setItemized(lines);
      }}
    >
      {(receiptField) => (
        <>
          <ExpenseBasicsFields participants={participants} stored={expense} />
          {receiptField}

          <fieldset className={split.choices}>
            <legend>Split method</legend>
            {METHODS.map((method) => (
              <label key={method.key} className={split.choice}>
                <input type="radio" value={method.key} {...form.register('method')} />
                {method.label}
              </label>
            ))}
          </fieldset>
          {itemized && (
            <ItemizedSplitFields
              value={draft.itemized ?? emptyItemizedDraft()}
              onChange={setItemized}
              participants={participants}
              total={readTypedAmount(draft.amount, locale, digitsOf(draft))}
              currency={currency}
              digits={digitsOf(draft)}
              locale={locale}
              error={splitRefusal}
            />
          )}
          {!itemized && (
            <>
              <fieldset className={split.choices}>
                <legend>Split between</legend>
                <label className={split.choice}>
                  <input type="radio" value="all" {...form.register('scope')} />
                  Everyone
                </label>
                <label className={split.choice}>
                  <input type="radio" value="selected" {...form.register('scope')} />
                  Selected people
                </label>
                <label className={split.choice}>
                  <input type="checkbox" {...form.register('include_payer')} />
                  Include payer
                </label>
              </fieldset>

              <div className={split.personRows}>
                {participants.map((p) => {
                  const inSplit = people.includes(p.user_id);
                  return (
                    <div key={p.user_id} className={split.personRow}>
                      {draft.scope === 'selected' ? (
                        <label className={split.choice}>
                          <input type="checkbox" value={p.user_id} {...form.register('selected')} />
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
                          onChange={(e) => setValueOf(p.user_id, e.target.value)}
                        />
                      )}
                    </div>
                  );
                })}
              </div>
              <p className={split.hint} aria-live="polite">
                {computed.error ??
                  `Split adds up to ${formatMoney(computed.allocatedCents, locale, currency)}`}
              </p>
              {computed.error === MODAL_MESSAGES.notAddingUp && (
                <p className={split.hint}>
                  So far {formatMoney(computed.allocatedCents, locale, currency)} is assigned.
                </p>
              )}
              {splitRefusal && <FieldError>{splitRefusal}</FieldError>}
            </>
          )}
        </>
      )}
    </ExpenseModalFrame>
  );
}
