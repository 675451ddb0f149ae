import { cx } from '../cx';
import styles from './Spinner.module.css';

/** Decorative: whatever shows it says in words what is loading. */
export function Spinner({ size = 'small' }: { size?: 'small' | 'large' }) {
  return <span className={cx(styles.spinner, styles[size])} aria-hidden="true" />;
}

/** A spinner with its visible label, announced politely to screen readers; busy until what it stands for arrives. */
export function LoadingState({ label }: { label: string }) {
  return (
    <div className={styles.state} role="status" aria-busy="true">
      <Spinner size="large" />
      <p className={styles.label}>{label}</p>
    </div>
  );
}
