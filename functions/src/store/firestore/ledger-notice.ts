import { FieldValue, type Firestore, type Transaction } from 'firebase-admin/firestore';

/**
 * The one small document per trip that members' browsers listen to (firestore.rules let members read it and
 * nothing else): trips/{tripId}/live/ledger, `{ version }`. Every ledger write bumps it in its own transaction, so a
 * listener learns of each change by reading one tiny document, then refetches through the API.
 */
export const LEDGER_NOTICE = { collection: 'live', doc: 'ledger' } as const;

export const ledgerNoticeRef = (db: Firestore, tripId: string) =>
  db.collection('trips').doc(tripId).collection(LEDGER_NOTICE.collection).doc(LEDGER_NOTICE.doc);

export function bumpLedgerNotice(tx: Transaction, db: Firestore, tripId: string): void {
  tx.set(ledgerNoticeRef(db, tripId), { version: FieldValue.increment(1) }, { merge: true });
}

/** The notice's document path, as the web client's listener names it. */
export const ledgerNoticePath = (tripId: string) =>
  `trips/${tripId}/${LEDGER_NOTICE.collection}/${LEDGER_NOTICE.doc}`;
