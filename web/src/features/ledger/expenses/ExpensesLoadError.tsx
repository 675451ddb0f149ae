import { RefreshCw } from 'lucide-react';
import { Button } from '@/shared/ui/Button';
import { Notice } from '@/shared/ui/Notice';
import type { LiveLedger } from '../live/useLiveLedger';
import styles from './ExpenseList.module.css';

/** A failed read of the expenses, said in their panel, with Try Again reading them again (not the whole page). */
export function ExpensesLoadError({
  error,
  reload,
}: {
  error: string;
  reload: LiveLedger['reloadExpenses'];
}) {
  return (
    <div className={styles.loadError}>
      <Notice tone="error">{error}</Notice>
      <Button variant="secondary" loading={reload.loading} onClick={() => void reload.run()}>
        <RefreshCw size={18} aria-hidden="true" />
        Try Again
      </Button>
    </div>
  );
}
