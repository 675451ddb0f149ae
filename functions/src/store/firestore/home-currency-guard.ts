import type { Firestore, Transaction } from 'firebase-admin/firestore';
import { HomeCurrencyChangedError } from '../types';
import { LEDGER_NOTICE } from './ledger-notice';

/**
 * trips/{tripId}/live/home_currency, `{ home_currency }`: written by every change of the trip's home currency, in
 * its transaction, and read — never written — by every expense create in its own. An expense converted to the
 * currency it read while another member changed it therefore conflicts with that change: it commits first (and the
 * change sees a ledger no longer empty), or it is retried and sees the new currency. No expense write writes it, so
 * concurrent expense writes do not conflict over it (a document they all wrote would make them). A
 * trip whose currency never changed since this document existed has none: the currency the expense read still holds.
 * In the trip's `live` collection, which a trip's deletion clears; firestore.rules let no client read it.
 */
const guardRef = (db: Firestore, tripId: string) =>
  db.collection('trips').doc(tripId).collection(LEDGER_NOTICE.collection).doc('home_currency');

export function writeHomeCurrencyGuard(tx: Transaction, db: Firestore, tripId: string, currency: string) {
  tx.set(guardRef(db, tripId), { home_currency: currency });
}

/** Inside an expense write's transaction, before its writes: the amounts' currency must still be the trip's. */
export async function requireHomeCurrency(tx: Transaction, db: Firestore, tripId: string, currency: string) {
  const guard = await tx.get(guardRef(db, tripId));
  if (guard.exists && guard.get('home_currency') !== currency) throw new HomeCurrencyChangedError(currency);
}
