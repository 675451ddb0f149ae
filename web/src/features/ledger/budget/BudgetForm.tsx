import { useId, useState, type FormEvent } from 'react';
import {
  CATEGORIES_EXCEED_BUDGET,
  EXPENSE_CATEGORIES,
  minorUnits,
  type BudgetBody,
  type BudgetKind,
  type BudgetResponse,
  type ExpenseCategory,
} from '@wayfare/contract';
import { errorMessage } from '@/shared/api';
import { userLocale } from '@/shared/locale';
import { Button } from '@/shared/ui/Button';
import { DisclosureButton } from '@/shared/ui/DisclosureButton';
import { MoneyInput } from '@/shared/ui/Field';
import { Notice } from '@/shared/ui/Notice';
import { useSetBudget } from './budgetMutations';
import { CATEGORY } from '../categories';
import styles from './Glance.module.css';
import { formatTypedAmount, readTypedAmount } from '@/shared/forms/typed-amount';

type Amounts = { total: string } & Partial<Record<ExpenseCategory, string>>;

/**
 * Any member sets the trip's budget: a total or a daily amount in the home currency, and optionally per category.
 * Starts from the budget set, else from the suggestion (the prefill rule, explained under it).
 */
export function BudgetForm({
  tripId,
  answer,
  onDone,
}: {
  tripId: string;
  answer: BudgetResponse;
  onDone: () => void;
}) {
  const saveBudget = useSetBudget(tripId);
  const locale = userLocale();
  const home = answer.home_currency;
  const digits = minorUnits(home);
  const start = answer.budget ?? answer.suggestion;
  const typed = (minor: number | undefined) =>
    minor === undefined ? '' : formatTypedAmount(minor, locale, digits);
  const [kind, setKind] = useState<BudgetKind>(start?.kind ?? 'total');
  const [amounts, setAmounts] = useState<Amounts>(() => ({
    total: typed(start?.amount_minor),
    ...Object.fromEntries(EXPENSE_CATEGORIES.map((c) => [c, typed(answer.budget?.categories[c])])),
  }));
  const [errors, setErrors] = useState<Partial<Record<keyof Amounts, string>>>({});
  const [failure, setFailure] = useState<string | null>(null);
  const [saving, setSaving] = useState(false);
  // Open from the start when the budget has category amounts to show.
  const [showCategories, setShowCategories] = useState(
    Object.keys(answer.budget?.categories ?? {}).length > 0,
  );
  const categoriesId = useId();

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    const problems: Partial<Record<keyof Amounts, string>> = {};
    const amount = readTypedAmount(amounts.total, locale, digits);
    if (amount === null || amount <= 0) problems.total = `Enter the budget in ${home}, such as 1500`;
    const categories: BudgetBody['categories'] = {};
    for (const category of EXPENSE_CATEGORIES) {
      const text = amounts[category]?.trim();
      if (!text) continue;
      const minor = readTypedAmount(text, locale, digits);
      if (minor === null || minor <= 0) problems[category] = `Enter an amount in ${home}, or leave it empty`;
      else categories[category] = minor;
    }
    const categorySum = Object.values(categories).reduce((sum, v) => sum + v, 0);
    if (amount !== null && categorySum > amount) problems.total = CATEGORIES_EXCEED_BUDGET;
    setErrors(problems);
    if (Object.keys(problems).length > 0 || amount === null) return;
    setSaving(true);
    setFailure(null);
    try {
      await saveBudget.mutateAsync({ kind, amount_minor: amount, categories });
      onDone();
    } catch (err) {
      setFailure(errorMessage(err, 'Failed to save the budget. Please try again.'));
    } finally {
      setSaving(false);
    }
  };

  const set = (field: keyof Amounts) => (event: { target: { value: string } }) =>
    setAmounts((current) => ({ ...current, [field]: event.target.value }));

  return (
    <form className={styles.form} onSubmit={(event) => void submit(event)} noValidate>
      {failure && <Notice tone="error">{failure}</Notice>}
      <fieldset className={styles.kinds}>
        <legend>Budget for</legend>
        {(['total', 'per_day'] as const).map((option) => (
          <label key={option} className={styles.kind}>
            <input
              type="radio"
              name="budget-kind"
              value={option}
              checked={kind === option}
              onChange={() => setKind(option)}
            />
            {option === 'total' ? 'The whole trip' : 'Each day'}
          </label>
        ))}
      </fieldset>
      <MoneyInput
        label={`Budget (${home})`}
        value={amounts.total}
        onChange={set('total')}
        error={errors.total}
        hint={!answer.budget && answer.suggestion ? `Suggested: ${answer.suggestion.explanation}` : undefined}
      />
      <DisclosureButton
        open={showCategories}
        aria-controls={categoriesId}
        onClick={() => setShowCategories((open) => !open)}
      >
        By category (optional)
      </DisclosureButton>
      <div id={categoriesId} hidden={!showCategories} className={styles.categoryGrid}>
        {EXPENSE_CATEGORIES.map((category) => (
          <MoneyInput
            key={category}
            label={`${CATEGORY[category].label} (${home})`}
            optional
            value={amounts[category] ?? ''}
            onChange={set(category)}
            error={errors[category]}
          />
        ))}
      </div>
      <div className={styles.formActions}>
        <Button variant="secondary" onClick={onDone}>
          Cancel
        </Button>
        <Button type="submit" loading={saving} loadingText="Saving…">
          Save budget
        </Button>
      </div>
    </form>
  );
}
