import type { LedgerChange } from '@wayfare/contract';

/**
 * The one port a committed ledger change is told through, once, by the use case that made it (after its write
 * answered). Embedded mode: the process's live streams (SSE) hear it. Firebase mode: the store also keeps it where
 * members' browsers listen (Store.notices: the Firestore adapter's notice documents).
 */
export interface LedgerNotices {
  changed(change: LedgerChange): Promise<void>;
}
