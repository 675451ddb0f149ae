import type { Firestore } from 'firebase-admin/firestore';

/**
 * trips/{tripId}/people/{userId}: what the trip's ledger holds of one person, moved by every expense write in its
 * own transaction. It outlives a membership (someone who left still owes what they owed, and finds their share
 * again if they come back), and it is what a removal reads to learn, inside its transaction, whether any expense
 * names the person.
 */
export const LEDGER_PEOPLE = 'people';

export interface LedgerPersonDoc {
  /** The sum of the person's shares over the trip's expenses. */
  share_minor: number;
  /** The sum of what the person paid of the trip's expenses (their part where several paid). */
  paid_minor: number;
  /** How many of the trip's expenses name the person, as one of the payers or in a share. */
  ledger_refs: number;
}

/**
 * Set on a trip document once its people documents hold paid totals: at creation for new trips, and by a one-time
 * backfill from the expenses for trips written before paid totals were kept.
 */
export const PAID_TOTALS_KEPT = 'paid_totals_kept';

export const ledgerPersonRef = (db: Firestore, tripId: string, userId: string) =>
  db.collection('trips').doc(tripId).collection(LEDGER_PEOPLE).doc(userId);
