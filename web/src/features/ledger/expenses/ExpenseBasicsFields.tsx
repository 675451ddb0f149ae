import { useId } from 'react';
import { useFormContext, useWatch } from 'react-hook-form';
import { EXPENSE_CATEGORIES, formatMoney, type Expense, type Participant } from '@wayfare/contract';
import { checkPayers, currencyOf, digitsOf, firstPayer, type ExpenseBasics } from './expenseDraft';
import { readTypedAmount } from '@/shared/forms/typed-amount';
import { recordFieldMessage } from '@/shared/forms/useSchemaForm';
import { userLocale } from '@/shared/locale';
import { FieldError, MoneyInput, Select, TextInput } from '@/shared/ui/Field';
import { CATEGORY, personName } from '../categories';
import { CurrencyFields } from './CurrencyFields';
import { PersonAmountRow } from './PersonAmountRow';
import styles from '@/shared/ui/Ledger.module.css';

/** The live figure under several payers' parts: what is left to assign, or how far past the amount they go. */
function leftToAssign(left: number | null, amount: string, locale: string, currency: string, digits: number) {
  if (left === null) return 'Enter the amount, then what each person paid';
  if (left > 0) return `Left to assign: ${formatMoney(left, locale, currency)}`;
  if (left < 0) return `${formatMoney(-left, locale, currency)} more than the amount`;
  return `All ${formatMoney(readTypedAmount(amount, locale, digits) ?? 0, locale, currency)} assigned`;
}

interface ExpenseBasicsFieldsProps {
  participants: Participant[];
  /** Edit mode: the expense as stored (its rate is kept while its currency and date are). */
  stored?: Expense | null;
  /** Who paid changed (the payer, or the first of several): the split page decides its split again. */
  onPayerChange?: () => void;
}

/** "$" for USD, "¥" for JPY: the currency's narrow symbol in the person's locale. */
const symbolOf = (currency: string) =>
  new Intl.NumberFormat(userLocale(), { style: 'currency', currency, currencyDisplay: 'narrowSymbol' })
    .formatToParts(0)
    .find((part) => part.type === 'currency')?.value ?? currency;

/**
 * Title, amount, its currency and rate, date, payer and category: the expense form's fields whatever its split,
 * inside its form (react-hook-form's FormProvider over a draft with these fields).
 */
export function ExpenseBasicsFields({
  participants,
  stored = null,
  onPayerChange,
}: ExpenseBasicsFieldsProps) {
  const locale = userLocale();
  const id = useId();
  const form = useFormContext<ExpenseBasics>();
  const values = useWatch({ control: form.control }) as ExpenseBasics;
  const { errors, isSubmitted } = form.formState;
  const currency = currencyOf(values);
  const digits = digitsOf(values);
  const everyone = participants.map((p) => p.user_id);
  const { leftCents } = checkPayers(values, locale, digits);
  const setPart = (userId: string, text: string) => {
    const paid = { ...form.getValues('paid'), [userId]: text };
    form.setValue('paid', paid, { shouldDirty: true, shouldValidate: isSubmitted });
    const payer = firstPayer(paid, everyone, locale, digits);
    if (payer && payer !== form.getValues('paid_by')) {
      form.setValue('paid_by', payer, { shouldDirty: true });
      onPayerChange?.();
    }
  };
  const payersError = recordFieldMessage(errors.paid);
  return (
    <>
      <TextInput label="Title" required error={errors.title?.message} {...form.register('title')} />
      <div className={styles.twoColumns}>
        <MoneyInput
          label={`Amount (${symbolOf(currency)})`}
          required
          error={errors.amount?.message}
          {...form.register('amount')}
        />
        <TextInput
          label="Date"
          type="date"
          required
          error={errors.expense_date?.message}
          {...form.register('expense_date')}
        />
      </div>
      <CurrencyFields stored={stored} />
      <div className={styles.twoColumns}>
        {!values.several_payers && (
          <Select
            label="Paid by"
            required
            error={errors.paid_by?.message}
            {...form.register('paid_by', { onChange: onPayerChange })}
          >
            {participants.map((p) => (
              <option key={p.user_id} value={p.user_id}>
                {personName(p)}
              </option>
            ))}
          </Select>
        )}
        <Select label="Category" error={errors.category?.message} {...form.register('category')}>
          {EXPENSE_CATEGORIES.map((category) => (
            <option key={category} value={category}>
              {CATEGORY[category].label}
            </option>
          ))}
        </Select>
      </div>
      <div className={styles.choices}>
        <label className={styles.choice}>
          <input
            type="checkbox"
            {...form.register('several_payers', { onChange: () => form.setValue('paid', {}) })}
          />
          Several people paid
        </label>
      </div>
      {values.several_payers && (
        <fieldset
          className={styles.payers}
          aria-describedby={payersError ? `${id}-left ${id}-error` : `${id}-left`}
          aria-invalid={payersError ? true : undefined}
        >
          <legend>Paid by</legend>
          {participants.map((p) => (
            <PersonAmountRow
              key={p.user_id}
              person={p}
              label={`Paid by ${personName(p)}`}
              value={values.paid[p.user_id] ?? ''}
              locale={locale}
              digits={digits}
              onChange={(text) => setPart(p.user_id, text)}
            />
          ))}
          <p id={`${id}-left`} className={styles.hint} aria-live="polite">
            {leftToAssign(leftCents, values.amount, locale, currency, digits)}
          </p>
          {payersError && <FieldError id={`${id}-error`}>{payersError}</FieldError>}
        </fieldset>
      )}
    </>
  );
}
