import { CloudOff, X } from 'lucide-react';
import { format, parseISO } from 'date-fns';
import { money } from '../locale';
import { discardQueued, type QueuedWrite } from './outbox';
import styles from './PendingWrites.module.css';

/** The list PendingWrites shows (see there), in its own chunk with the money formatting it needs. */
export function PendingWritesList({ writes, label }: { writes: QueuedWrite[]; label: string }) {
  return (
    <ul className={styles.list} aria-label={label}>
      {writes.map((write) => (
        <li key={write.key} className={styles.row}>
          <CloudOff size={18} aria-hidden="true" className={styles.icon} />
          <div className={styles.main}>
            <span className={styles.title}>{write.summary.title}</span>
            <span className={styles.meta}>
              {format(parseISO(write.summary.date), 'MMM d, yyyy')}
              {write.summary.amount_cents !== undefined && ` · ${money(write.summary.amount_cents)}`}
            </span>
            {write.error ? (
              <span className={styles.error}>Not saved: {write.error}</span>
            ) : (
              <span className={styles.pending}>Pending: will be sent when you are back online</span>
            )}
          </div>
          {write.error && (
            <button
              type="button"
              className={styles.discard}
              aria-label={`Discard ${write.summary.title}`}
              title="Discard"
              onClick={() => void discardQueued(write.key)}
            >
              <X size={18} aria-hidden="true" />
            </button>
          )}
        </li>
      ))}
    </ul>
  );
}
