import styles from '@/shared/ui/Ledger.module.css';

/**
 * "Guest" beside the name of someone in the ledger without an account (added by name), wherever a list shows a
 * person; nothing for everyone else.
 */
export function GuestBadge({ person }: { person: { is_guest: boolean } }) {
  return person.is_guest ? <span className={styles.badge}>Guest</span> : null;
}
