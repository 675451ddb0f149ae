import { useId, useMemo } from 'react';
import { currencyChoices } from '@wayfare/contract';
import { errorMessage } from '@/shared/api';
import { Notice } from '@/shared/ui/Notice';
import { useSetHomeCurrency } from './homeCurrency';
import styles from '@/shared/ui/Ledger.module.css';

interface HomeCurrencyFieldProps {
  tripId: string;
  home: string;
  /** Whether the ledger is still empty: only then can its currency change (every stored amount is in it). */
  changeable: boolean;
  onChanged: () => void;
}

/** The trip's home currency: balances, settlements and totals are in it; expenses in others are converted to it. */
export function HomeCurrencyField({ tripId, home, changeable, onChanged }: HomeCurrencyFieldProps) {
  const choices = useMemo(() => currencyChoices(home), [home]);
  const hintId = useId();
  const setHome = useSetHomeCurrency(tripId);
  const busy = setHome.isPending;
  const error = setHome.isError ? errorMessage(setHome.error, 'Failed to change the currency') : null;
  const change = (currency: string) => setHome.mutate(currency, { onSuccess: onChanged });

  return (
    <div>
      <label className={styles.field}>
        <span className={styles.label}>Trip currency</span>
        <select
          className={styles.select}
          value={home}
          disabled={!changeable || busy}
          aria-describedby={hintId}
          onChange={(e) => change(e.target.value)}
        >
          {choices.map((c) => (
            <option key={c.code} value={c.code}>
              {c.code} · {c.name}
            </option>
          ))}
        </select>
      </label>
      <p id={hintId} className={styles.hint}>
        {changeable
          ? 'Balances and settlements are worked out in this currency. Expenses can be in any currency.'
          : 'Balances and settlements are in this currency. It can change only while the trip has no expenses.'}
      </p>
      {error && <Notice tone="error">{error}</Notice>}
    </div>
  );
}
