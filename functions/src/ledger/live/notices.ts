import type { LedgerNotices } from '../../store/port/ledger-notices';
import type { LedgerEvents } from './events';

/**
 * The split routes' one notices port (store/ledger-notices.ts): every change is emitted on the process's event bus
 * (its live streams, embedded mode's SSE) and, where the store keeps notices for listening browsers (firebase mode:
 * Firestore's notice documents), kept there too. Keeping it can fail after the write committed: that is logged, and
 * the write still answers as done (the listeners hear the next change).
 */
export function ledgerNotices(
  events: Pick<LedgerEvents, 'emit'>,
  stored: LedgerNotices | undefined,
  warn: (failure: unknown, message: string) => void,
): LedgerNotices {
  return {
    async changed(change) {
      events.emit(change);
      await stored?.changed(change).catch((err: unknown) => warn(err, 'a ledger change notice was not kept'));
    },
  };
}
