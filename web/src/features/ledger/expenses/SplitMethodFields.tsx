import { useMemo } from 'react';
import { useFormContext, useWatch } from 'react-hook-form';
import { formatMoney, type Participant } from '@wayfare/contract';
import { formatTypedAmount, readTypedAmount } from '@/shared/forms/typed-amount';
import { recordFieldMessage } from '@/shared/forms/useSchemaForm';
import { userLocale } from '@/shared/locale';
import { FieldError } from '@/shared/ui/Field';
import { personName } from '../categories';
import {
  OVERVIEW_MESSAGES,
  computeOverviewSplit,
  splitPeople,
  type OverviewDraft,
  type OverviewSplitMethod,
} from './overviewDraft';
import { digitsOf } from './expenseDraft';
import { emptyItemizedDraft, type ItemizedDraft } from './itemizedDraft';
import type { DraftSetter } from './expenseDraft';
import { ItemizedSplitFields } from './ItemizedSplitFields';
import split from '@/shared/ui/Ledger.module.css';

const METHODS: Array<{ key: OverviewSplitMethod; label: string }> = [
  { key: 'equal', label: 'Equal' },
  { key: 'custom', label: 'Custom amounts' },
  { key: 'percent', label: 'Percentages' },
  { key: 'itemized', label: 'Itemized' },
];

/** The item lines of the itemized method. */
export const setItemLines = (form: DraftSetter<OverviewDraft>, next: ItemizedDraft) =>
  form.setValue('itemized', next, { shouldDirty: true, shouldValidate: form.formState.isSubmitted });

/**
 * The overview's split (spec §5's add-expense modal): equal, custom or percent, for everyone or selected people,
 * the payer included or not, or itemized (the people are the items'). Spec §5's first message that applies shows
 * live, with what is assigned so far.
 */
export function SplitMethodFields({ participants, home }: { participants: Participant[]; home: string }) {
  const everyone = useMemo(() => participants.map((p) => p.user_id), [participants]);
  const locale = userLocale();
  const form = useFormContext<OverviewDraft>();
  const draft = useWatch({ control: form.control }) as OverviewDraft;
  const { errors, isSubmitted } = form.formState;
  // Shares are worked out in the currency the amounts are typed in; the server converts them once.
  const currency = draft.currency ?? home;
  const computed = computeOverviewSplit(draft, everyone, locale);
  const people = splitPeople(draft, everyone);
  const shareOf = new Map(computed.shares?.map((s) => [s.user_id, s.cents]));
  const nameOf = new Map(participants.map((p) => [p.user_id, personName(p)]));

  const setValueOf = (userId: string, text: string) =>
    form.setValue(
      'values',
      { ...form.getValues('values'), [userId]: text },
      { shouldDirty: true, shouldValidate: isSubmitted },
    );
  const itemized = draft.method === 'itemized';
  // "By weight" is offered once someone stands for more than one share (or the expense was split that way).
  const weighted =
    draft.method === 'equal' && (Boolean(draft.weights) || participants.some((p) => p.weight !== 1));
  const setByWeight = (on: boolean) =>
    form.setValue('weights', on ? Object.fromEntries(participants.map((p) => [p.user_id, p.weight])) : null, {
      shouldDirty: true,
      shouldValidate: isSubmitted,
    });

  // The schema's refusal of a split the live check let through (the server's own rules on the body).
  const splitRefusal = computed.error === null ? recordFieldMessage(errors.values) : undefined;
  return (
    <>
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
          onChange={(next) => setItemLines(form, next)}
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
            {weighted && (
              <label className={split.choice}>
                <input
                  type="checkbox"
                  checked={Boolean(draft.weights)}
                  onChange={(e) => setByWeight(e.target.checked)}
                />
                By weight
              </label>
            )}
          </fieldset>

          <div className={split.personRows}>
            {participants.map((p) => {
              const inSplit = people.includes(p.user_id);
              const shares = draft.method === 'equal' && draft.weights && draft.weights[p.user_id];
              const name = shares ? `${nameOf.get(p.user_id)} ×${shares}` : nameOf.get(p.user_id);
              return (
                <div key={p.user_id} className={split.personRow}>
                  {draft.scope === 'selected' ? (
                    <label className={split.choice}>
                      <input type="checkbox" value={p.user_id} {...form.register('selected')} />
                      {name}
                    </label>
                  ) : (
                    <span>{name}</span>
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
            {computed.error ?? `Split adds up to ${formatMoney(computed.allocatedCents, locale, currency)}`}
          </p>
          {computed.error === OVERVIEW_MESSAGES.notAddingUp && (
            <p className={split.hint}>
              So far {formatMoney(computed.allocatedCents, locale, currency)} is assigned.
            </p>
          )}
          {splitRefusal && <FieldError>{splitRefusal}</FieldError>}
        </>
      )}
    </>
  );
}
