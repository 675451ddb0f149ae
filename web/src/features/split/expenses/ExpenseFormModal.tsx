import { useMemo } from 'react';
import { format } from 'date-fns';
import { useWatch } from 'react-hook-form';
import { DEFAULT_HOME_CURRENCY, EXPENSE_TYPES } from '@wayfare/contract';
import { digitsOf } from '../../../shared/forms/expense-draft';
import {
  describeSplit,
  draftFromExpense,
  emptyDraft,
  expenseFormSchema,
  keptSplits,
  type ExpenseDraft,
} from '../../../shared/forms/expense-form';
import { emptyItemizedDraft, type ItemizedDraft } from '../../../shared/forms/itemized-draft';
import { readTypedAmount } from '../../../shared/forms/typed-amount';
import { recordFieldMessage, useSchemaForm } from '../../../shared/forms/useSchemaForm';
import { userLocale } from '../../../shared/locale';
import { FieldError, TextInput } from '../../../shared/ui/Field';
import { EXPENSE_TYPE_LABEL, personName } from '../categories';
import { ExpenseBasicsFields } from './ExpenseBasicsFields';
import { ExpenseModalFrame, type ExpenseModalProps } from './ExpenseModalFrame';
import { ItemizedSplitFields } from './ItemizedSplitFields';
import { PersonAmountRow } from './PersonAmountRow';
import styles from '../../../shared/ui/Ledger.module.css';

/**
 * The per-trip page's simple expense form (spec §5), in add or edit mode: the draft checked by shared/forms'
 * expenseFormSchema (the spec's messages at their fields), a receipt attached at once (edit) or once added (add).
 */
export function ExpenseFormModal({
  tripId,
  participants,
  userId,
  expense = null,
  home = DEFAULT_HOME_CURRENCY,
  onClose,
}: ExpenseModalProps) {
  const locale = userLocale();
  const schema = useMemo(() => expenseFormSchema(locale), [locale]);
  const form = useSchemaForm(schema, {
    defaultValues: expense
      ? draftFromExpense(expense, locale, home)
      : emptyDraft(format(new Date(), 'yyyy-MM-dd'), userId, home),
  });
  const draft = useWatch({ control: form.control }) as ExpenseDraft;
  const { errors, isSubmitted } = form.formState;

  /** A change of the split (type, amounts owed or payer): it is decided again as the form shows it. */
  const decideAgain = () => form.setValue('kept', null);

  /** The "Itemized" option on (an empty line to start from) or off. */
  const setItemized = (next: ItemizedDraft | null) => {
    form.setValue('itemized', next, { shouldDirty: true, shouldValidate: isSubmitted });
    decideAgain();
  };

  const others = participants.filter((p) => p.user_id !== draft.paid_by);
  const owed = keptSplits(draft, locale) ?? draft.splits;
  const nameOf = (userId: string) => {
    const person = participants.find((p) => p.user_id === userId);
    return person ? personName(person) : 'Former member';
  };
  const setOwed = (userId: string, text: string) => {
    const current = form.getValues();
    form.setValue(
      'splits',
      { ...(keptSplits(current, locale) ?? current.splits), [userId]: text },
      {
        shouldDirty: true,
        shouldValidate: isSubmitted,
      },
    );
    decideAgain();
  };
  return (
    <ExpenseModalFrame
      form={form}
      tripId={tripId}
      userId={userId}
      expense={expense}
      failure="Failed to save expense"
      onClose={onClose}
      onScannedItems={setItemized}
    >
      {(receiptField) => (
        <>
          <ExpenseBasicsFields participants={participants} stored={expense} onPayerChange={decideAgain} />
          <TextInput
            label="Description"
            optional
            error={errors.description?.message}
            {...form.register('description')}
          />
          {receiptField}
          <fieldset className={styles.choices}>
            <legend>Split</legend>
            {!draft.itemized &&
              EXPENSE_TYPES.map((type) => (
                <label key={type} className={styles.choice}>
                  <input
                    type="radio"
                    value={type}
                    {...form.register('expense_type', { onChange: decideAgain })}
                  />
                  {EXPENSE_TYPE_LABEL[type]}
                </label>
              ))}
            <label className={styles.choice}>
              <input
                type="checkbox"
                checked={Boolean(draft.itemized)}
                onChange={(e) => setItemized(e.target.checked ? emptyItemizedDraft() : null)}
              />
              Itemized
            </label>
          </fieldset>
          {draft.itemized && (
            <ItemizedSplitFields
              value={draft.itemized}
              onChange={setItemized}
              participants={participants}
              total={readTypedAmount(draft.amount, locale, digitsOf(draft))}
              currency={draft.currency ?? home}
              digits={digitsOf(draft)}
              locale={locale}
              error={errors.itemized?.message}
            />
          )}
          {draft.kept && (
            <p className={styles.hint} aria-live="polite">
              Kept as decided ({describeSplit(draft.kept, nameOf, locale, home)}). A new amount is split the
              same way; change the split to decide it again.
            </p>
          )}
          {draft.expense_type === 'shared' && !draft.itemized && (
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
                  onChange={(text) => setOwed(p.user_id, text)}
                />
              ))}
              {recordFieldMessage(errors.splits) && (
                <FieldError>{recordFieldMessage(errors.splits)}</FieldError>
              )}
            </div>
          )}
        </>
      )}
    </ExpenseModalFrame>
  );
}
