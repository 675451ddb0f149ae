import { FieldValue, type Firestore } from 'firebase-admin/firestore';
import type { LedgerNotices } from '../types';

/**
 * trips/{tripId}/live: the trip's small documents beside the ledger (home-currency-guard.ts). It held the one
 * ledger notice every write bumped (`live/ledger`) before notices were spread over ledger_notices.
 */
export const LEDGER_NOTICE = { collection: 'live' } as const;

/**
 * trips/{tripId}/ledger_notices/{0..7}, `{ version, kind, at }`: what members' browsers listen to (firestore.rules
 * let members get and list them, nothing else), one small document read per change. Each change bumps one of
 * NOTICE_SHARDS documents, picked at random, after its write committed: no document is written by every change
 * (Firestore sustains about one write per second per document), and a listener on the collection hears every
 * change as one document's new version, then refetches through the API. docs/decisions/0006-firestore-ledger-shards-and-one-ledger-delta.md has the reasoning.
 */
export const LEDGER_NOTICES = 'ledger_notices';
export const NOTICE_SHARDS = 8;

/** The notices collection's path, as the web client's listener names it. */
export const ledgerNoticesPath = (tripId: string) => `trips/${tripId}/${LEDGER_NOTICES}`;

export function firestoreLedgerNotices(db: Firestore): LedgerNotices {
  return {
    async changed({ trip_id, kind, at }) {
      const shard = Math.floor(Math.random() * NOTICE_SHARDS);
      await db
        .collection('trips')
        .doc(trip_id)
        .collection(LEDGER_NOTICES)
        .doc(String(shard))
        .set({ version: FieldValue.increment(1), kind, at }, { merge: true });
    },
  };
}
