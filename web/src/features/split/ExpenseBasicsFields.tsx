import { useId } from 'react';
import {
  EXPENSE_CATEGORIES,
  formatMoney,
  readTypedAmount,
  type Expense,
  type ExpenseCategory,
  type Participant,
} from '@wayfare/contract';
import { userLocale } from '../../shared/locale';
import { TextField } from '../../shared/ui/TextField';
import { CATEGORY, personName } from './categories';
import { CurrencyFields } from './CurrencyFields';
import { currencyOf, digitsOf, type CurrencyDraft } from './currencyDraft';
import { checkPayers, firstPayer, type PayerFields } from './payers';
import { PersonAmountRow } from './PersonAmountRow';
import styles from '../../shared/ui/Ledger.module.css';

/** The fields every expense form asks for, whatever the split; amounts are typed in the draft's currency. */
export interface ExpenseBasics extends CurrencyDraft, PayerFields {
  title: string;
  expense_date: string;
  category: ExpenseCategory;
}

/** The live figure under several payers' parts: what is left to assign, or how far past the amount they go. */
function leftToAssign(left: number | null, amount: string, locale: string, currency: string, digits: number) {
  if (left === null) return 'Enter the amount, then what each person paid';
  if (left > 0) return `Left to assign: ${formatMoney(left, locale, currency)}`;
  if (left < 0) return `${formatMoney(-left, locale, currency)} more than the amount`;
  return `All ${formatMoney(readTypedAmount(amount, locale, digits) ?? 0, locale, currency)} assigned`;
}

interface ExpenseBasicsFieldsProps {
  values: ExpenseBasics;
  participants: Participant[];
  /** Edit mode: the expense as stored (its rate is kept while its currency and date are). */
  stored?: Expense | null;
  onChange: (patch: Partial<ExpenseBasics>) => void;
}

/** "$" for USD, "¥" for JPY: the currency's narrow symbol in the person's locale. */
const symbolOf = (currency: string) =>
  new Intl.NumberFormat(userLocale(), { style: 'currency', currency, currencyDisplay: 'narrowSymbol' })
    .formatToParts(0)
    .find((part) => part.type === 'currency')?.value ?? currency;

/**
 * Title, amount, its currency and rate, date, payer and category: shared by the trip page's expense form and the
 * overview's modal.
 */
export function ExpenseBasicsFields({
  values,
  participants,
  stored = null,
  onChange,
}: ExpenseBasicsFieldsProps) {
  const locale = userLocale();
  const id = useId();
  const currency = currencyOf(values);
  const digits = digitsOf(values);
  const everyone = participants.map((p) => p.user_id);
  const { leftCents } = checkPayers(values, locale, digits);
  const setPart = (userId: string, text: string) => {
    const paid = { ...values.paid, [userId]: text };
    onChange({ paid, paid_by: firstPayer(paid, everyone, locale, digits) ?? values.paid_by });
  };
  return (
    <>
      <TextField
        label="Title"
        required
        value={values.title}
        onChange={(e) => onChange({ title: e.target.value })}
      />
      <div className={styles.twoColumns}>
        <TextField
          label={`Amount (${symbolOf(currencyOf(values))})`}
          type="text"
          inputMode="decimal"
          autoComplete="off"
          required
          value={values.amount}
          onChange={(e) => onChange({ amount: e.target.value })}
        />
        <TextField
          label="Date"
          type="date"
          required
          value={values.expense_date}
          onChange={(e) => onChange({ expense_date: e.target.value })}
        />
      </div>
      <CurrencyFields values={values} stored={stored} onChange={onChange} />
      <div className={styles.twoColumns}>
        {!values.several_payers && (
          <label className={styles.field}>
            <span className={styles.label}>Paid by</span>
            <select
              className={styles.select}
              value={values.paid_by}
              onChange={(e) => onChange({ paid_by: e.target.value })}
              required
            >
              {participants.map((p) => (
                <option key={p.user_id} value={p.user_id}>
                  {personName(p)}
                </option>
              ))}
            </select>
          </label>
        )}
        <label className={styles.field}>
          <span className={styles.label}>Category</span>
          <select
            className={styles.select}
            value={values.category}
            onChange={(e) => onChange({ category: e.target.value as ExpenseCategory })}
          >
            {EXPENSE_CATEGORIES.map((category) => (
              <option key={category} value={category}>
                {CATEGORY[category].label}
              </option>
            ))}
          </select>
        </label>
      </div>
      <div className={styles.choices}>
        <label className={styles.choice}>
          <input
            type="checkbox"
            checked={values.several_payers}
            onChange={(e) => onChange({ several_payers: e.target.checked, paid: {} })}
          />
          Several people paid
        </label>
      </div>
      {values.several_payers && (
        <fieldset className={styles.payers} aria-describedby={`${id}-left`}>
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
        </fieldset>
      )}
    </>
  );
}
