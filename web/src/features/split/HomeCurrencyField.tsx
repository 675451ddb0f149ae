import { useId, useMemo, useState } from 'react';
import { currencyChoices } from '@wayfare/contract';
import { errorMessage } from '../../shared/api';
import { Notice } from '../../shared/ui/Notice';
import { splitApi } from './splitApi';
import styles from '../../shared/ui/Ledger.module.css';

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
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);

  const change = async (currency: string) => {
    setBusy(true);
    setError(null);
    try {
      await splitApi.setHomeCurrency(tripId, currency);
      onChanged();
    } catch (err) {
      setError(errorMessage(err, 'Failed to change the currency'));
    } finally {
      setBusy(false);
    }
  };

  return (
    <div>
      <label className={styles.field}>
        <span className={styles.label}>Trip currency</span>
        <select
          className={styles.select}
          value={home}
          disabled={!changeable || busy}
          aria-describedby={hintId}
          onChange={(e) => void change(e.target.value)}
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
