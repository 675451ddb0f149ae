import { useMemo } from 'react';
import { useQuery } from '@tanstack/react-query';
import { useFormContext, useWatch } from 'react-hook-form';
import {
  convertMinor,
  currencyChoices,
  formatMoney,
  paidIn,
  type Expense,
  type RateAnswer,
} from '@wayfare/contract';
import {
  RATE_FORMAT,
  currencyOf,
  digitsOf,
  homeOf,
  isForeign,
  readTypedRate,
  type CurrencyDraft,
} from './expenseDraft';
import { readTypedAmount } from '@/shared/forms/typed-amount';
import { ApiError, errorMessage } from '@/shared/api';
import { userLocale } from '@/shared/locale';
import { Select, TextInput } from '@/shared/ui/Field';
import { rateSourceText } from '../categories';
import { rateQuery } from '../queries';
import styles from '@/shared/ui/Ledger.module.css';

type Reference =
  | { status: 'loading' }
  | { status: 'ready'; rate: string; source: RateAnswer['source'] | 'member'; date: string }
  | { status: 'missing' }
  | { status: 'error'; message: string };

/**
 * The reference rate of the draft's currency on its date: the stored one while an edited expense keeps its
 * currency and date (the server keeps it too), else GET /api/rates.
 */
function useReferenceRate(draft: CurrencyDraft, date: string, stored: Expense | null): Reference | null {
  const home = homeOf(draft);
  const currency = currencyOf(draft);
  const kept = useMemo(() => {
    if (!stored) return null;
    const paid = paidIn(stored, home);
    return paid.currency === currency && stored.expense_date === date && paid.rate_source !== 'member'
      ? ({ status: 'ready', rate: paid.rate, source: paid.rate_source, date: paid.rate_date } as const)
      : null;
  }, [stored, home, currency, date]);
  const wanted = currency !== home && !kept && /^\d{4}-\d{2}-\d{2}$/.test(date);
  const lookup = useQuery({ ...rateQuery(currency, home, date), enabled: wanted });

  if (currency === home) return null;
  if (kept) return kept;
  if (lookup.isSuccess) {
    const answer = lookup.data;
    return { status: 'ready', rate: answer.rate, source: answer.source, date: answer.rate_date };
  }
  if (lookup.isError) {
    const err = lookup.error;
    return err instanceof ApiError && err.status === 404
      ? { status: 'missing' }
      : { status: 'error', message: errorMessage(err, 'The rate could not be looked up') };
  }
  return { status: 'loading' };
}

/** The fields of an expense form the currency part reads: the currency draft, and the amount and date it applies to. */
type CurrencyFormValues = CurrencyDraft & { amount: string; expense_date: string };

/**
 * The currency an expense was paid in (the trip's own first, then common travel currencies, then every ISO 4217
 * one) and, for another than the trip's, the rate to it: prefilled from the reference rates with where it came
 * from, and editable (then it is the member's own rate). Shows the amount converted as the server will store it.
 * Inside an expense form (react-hook-form's FormProvider); `stored` is the expense being edited, whose rate is kept
 * while its currency and date are.
 */
export function CurrencyFields({ stored }: { stored: Expense | null }) {
  const form = useFormContext<CurrencyFormValues>();
  const values = useWatch({ control: form.control }) as CurrencyFormValues;
  const { errors, isSubmitted } = form.formState;
  const locale = userLocale();
  const home = homeOf(values);
  const currency = currencyOf(values);
  const choices = useMemo(() => currencyChoices(home), [home]);
  const reference = useReferenceRate(values, values.expense_date, stored);
  const typed = values.rate?.trim() ?? '';
  const referenceRate = reference?.status === 'ready' ? reference.rate : null;
  const rate = typed ? readTypedRate(typed) : referenceRate;
  const amount = readTypedAmount(values.amount, locale, digitsOf(values));

  let hint: string;
  if (typed) hint = rate ? 'Your rate' : RATE_FORMAT;
  else if (!reference || reference.status === 'loading') hint = 'Looking up the rate…';
  else if (reference.status === 'ready') hint = rateSourceText(reference.source, reference.date);
  else if (reference.status === 'missing') hint = `No reference rate for ${currency}: type the rate you got`;
  else hint = `${reference.message}: type the rate you got`;
  const converted =
    rate && amount !== null && amount > 0
      ? formatMoney(convertMinor(amount, rate, currency, home), locale, home)
      : null;

  return (
    <>
      <Select
        label="Currency"
        error={errors.currency?.message}
        {...form.register('currency', { onChange: () => form.setValue('rate', undefined) })}
      >
        {choices.map((c) => (
          <option key={c.code} value={c.code}>
            {c.code} · {c.name}
          </option>
        ))}
      </Select>
      {isForeign(values) && (
        <>
          <TextInput
            label={`Rate (${home} per 1 ${currency})`}
            type="text"
            inputMode="decimal"
            autoComplete="off"
            value={values.rate ?? referenceRate ?? ''}
            placeholder={referenceRate ?? undefined}
            hint={hint}
            error={errors.rate?.message}
            onChange={(e) =>
              form.setValue('rate', e.target.value, { shouldDirty: true, shouldValidate: isSubmitted })
            }
          />
          {converted && (
            <p className={styles.hint} aria-live="polite">
              {`= ${converted} in the trip's currency`}
            </p>
          )}
        </>
      )}
    </>
  );
}
