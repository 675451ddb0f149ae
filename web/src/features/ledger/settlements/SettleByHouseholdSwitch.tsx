import { useId } from 'react';
import { errorMessage } from '@/shared/api';
import { Notice } from '@/shared/ui/Notice';
import { useHouseholds, useSettleByHousehold } from '../participants/householdMutations';
import styles from './SettleByHouseholdSwitch.module.css';

export const SETTLE_BY_HOUSEHOLD_HINT =
  "Each household's balances are added up, and its named payer pays or receives for all of them.";

/**
 * "Settle by household": any member turns it on or off for the trip; the next calculation plans the fewest
 * transfers between households (and people in none). Shown beside the settlements.
 */
export function SettleByHouseholdSwitch({ tripId }: { tripId: string }) {
  const read = useHouseholds(tripId);
  const setting = useSettleByHousehold(tripId);
  const hint = useId();
  const on = read.data?.settle_by_household ?? false;
  return (
    <div className={styles.switch}>
      <label className={styles.label}>
        <input
          type="checkbox"
          role="switch"
          checked={on}
          aria-describedby={hint}
          disabled={!read.data || setting.isPending}
          onChange={(event) => setting.mutate(event.target.checked)}
        />
        Settle by household
      </label>
      <p id={hint} className={styles.hint}>
        {SETTLE_BY_HOUSEHOLD_HINT}
        {read.data?.households.length === 0 && ' Make households on the Participants tab.'}
      </p>
      {setting.isError && (
        <Notice tone="error">{errorMessage(setting.error, 'Failed to change how the trip settles')}</Notice>
      )}
      {read.isError && (
        <Notice tone="error">{errorMessage(read.error, 'Failed to load the households')}</Notice>
      )}
    </div>
  );
}
