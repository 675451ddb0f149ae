import { formatTypedAmount } from '@/shared/forms/typed-amount';
import { personName } from '../categories';
import { GuestBadge } from '../GuestBadge';
import styles from '@/shared/ui/Ledger.module.css';

interface PersonAmountRowProps {
  person: { first_name: string; last_name: string; is_guest: boolean };
  /** The input's accessible name, e.g. "Paid by Ana Silva". */
  label: string;
  value: string;
  locale: string;
  /** Decimals of the currency the amount is typed in (the placeholder shows them). */
  digits: number;
  onChange: (text: string) => void;
}

/** One person's amount as typed in the person's locale: a payer's part, or what someone owes. */
export function PersonAmountRow({ person, label, value, locale, digits, onChange }: PersonAmountRowProps) {
  return (
    <label className={styles.personRow}>
      <span>
        {personName(person)} <GuestBadge person={person} />
      </span>
      <input
        type="text"
        inputMode="decimal"
        autoComplete="off"
        placeholder={formatTypedAmount(0, locale, digits)}
        aria-label={label}
        value={value}
        onChange={(e) => onChange(e.target.value)}
      />
    </label>
  );
}
