import { cx } from '../cx';
import styles from './Skeleton.module.css';

/** A grid of card placeholders (trip lists), labelled for screen readers and busy while shown. */
export function SkeletonCards({ label, count = 3 }: { label: string; count?: number }) {
  return (
    <div className={cx(styles.region, styles.cards)} role="status" aria-label={label} aria-busy="true">
      {Array.from({ length: count }, (_, index) => (
        <div key={index} className={styles.card} aria-hidden="true">
          <div className={cx(styles.block, styles.image)} />
          <div className={cx(styles.block, styles.title)} />
          <div className={cx(styles.block, styles.line)} />
        </div>
      ))}
    </div>
  );
}

/** Content on the left, a tall panel (map, summary) on the right from tablet width up. */
export function SkeletonColumns({ label }: { label: string }) {
  return (
    <div className={cx(styles.region, styles.columns)} role="status" aria-label={label} aria-busy="true">
      <div className={styles.column} aria-hidden="true">
        <div className={cx(styles.block, styles.title)} />
        <div className={cx(styles.block, styles.panel)} />
        <div className={cx(styles.block, styles.panel)} />
        <div className={cx(styles.block, styles.panel)} />
      </div>
      <div className={cx(styles.block, styles.tall)} aria-hidden="true" />
    </div>
  );
}

/** One shimmering placeholder block, sized by the caller's class (e.g. a line of text or a tab). */
export function SkeletonBlock({ className }: { className?: string }) {
  return <div className={cx(styles.block, className)} aria-hidden="true" />;
}
