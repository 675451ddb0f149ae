import { useFormContext, useWatch } from 'react-hook-form';
import { EXPENSE_TYPES, type Participant } from '@wayfare/contract';
import { readTypedAmount } from '@/shared/forms/typed-amount';
import { recordFieldMessage } from '@/shared/forms/useSchemaForm';
import { userLocale } from '@/shared/locale';
import { FieldError } from '@/shared/ui/Field';
import { EXPENSE_TYPE_LABEL, personName } from '../categories';
import { describeSplit, keptSplits, type SplitPageDraft } from './splitPageDraft';
import { digitsOf } from './expenseDraft';
import { emptyItemizedDraft, type ItemizedDraft } from './itemizedDraft';
import type { DraftSetter } from './expenseDraft';
import { ItemizedSplitFields } from './ItemizedSplitFields';
import { PersonAmountRow } from './PersonAmountRow';
import styles from '@/shared/ui/Ledger.module.css';

/** A change of the split (type, amounts owed or payer): it is decided again as the form shows it. */
export const decideAgain = (form: DraftSetter<SplitPageDraft>) => form.setValue('kept', null);

/** The "Itemized" option on (its lines, or an empty one to start from) or off. */
export function setItemized(form: DraftSetter<SplitPageDraft>, next: ItemizedDraft | null) {
  form.setValue('itemized', next, { shouldDirty: true, shouldValidate: form.formState.isSubmitted });
  decideAgain(form);
}

/**
 * The split page's split (spec §5's simple form): personal, group, or shared with what each non-payer owes (none:
 * equally among them), or itemized; an edit's split is kept as decided, in words, until someone changes it.
 */
export function SplitTypeFields({ participants, home }: { participants: Participant[]; home: string }) {
  const locale = userLocale();
  const form = useFormContext<SplitPageDraft>();
  const draft = useWatch({ control: form.control }) as SplitPageDraft;
  const { errors, isSubmitted } = form.formState;

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
    decideAgain(form);
  };
  return (
    <>
      <fieldset className={styles.choices}>
        <legend>Split</legend>
        {!draft.itemized &&
          EXPENSE_TYPES.map((type) => (
            <label key={type} className={styles.choice}>
              <input
                type="radio"
                value={type}
                {...form.register('expense_type', { onChange: () => decideAgain(form) })}
              />
              {EXPENSE_TYPE_LABEL[type]}
            </label>
          ))}
        <label className={styles.choice}>
          <input
            type="checkbox"
            checked={Boolean(draft.itemized)}
            onChange={(e) => setItemized(form, e.target.checked ? emptyItemizedDraft() : null)}
          />
          Itemized
        </label>
      </fieldset>
      {draft.itemized && (
        <ItemizedSplitFields
          value={draft.itemized}
          onChange={(next) => setItemized(form, next)}
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
          Kept as decided ({describeSplit(draft.kept, nameOf, locale, home)}). A new amount is split the same
          way; change the split to decide it again.
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
          {recordFieldMessage(errors.splits) && <FieldError>{recordFieldMessage(errors.splits)}</FieldError>}
        </div>
      )}
    </>
  );
}
