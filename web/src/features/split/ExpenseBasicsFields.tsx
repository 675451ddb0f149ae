import { EXPENSE_CATEGORIES, type Expense, type ExpenseCategory, type Participant } from '@wayfare/contract';
import { userLocale } from '../../shared/locale';
import { TextField } from '../../shared/ui/TextField';
import { CATEGORY, personName } from './categories';
import { CurrencyFields } from './CurrencyFields';
import { currencyOf, type CurrencyDraft } from './currencyDraft';
import styles from '../../shared/ui/Ledger.module.css';

/** The fields every expense form asks for, whatever the split; amounts are typed in the draft's currency. */
export interface ExpenseBasics extends CurrencyDraft {
  title: string;
  amount: string;
  expense_date: string;
  paid_by: string;
  category: ExpenseCategory;
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
    </>
  );
}
