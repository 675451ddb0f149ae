import type { DocumentData, Firestore } from 'firebase-admin/firestore';
import type { LinkRecord, LinkStore } from '../types';

/** The slot as one field ("share:", "calendar:{memberId}"): one equality filter, and no null to match. */
const slotKey = (kind: LinkRecord['kind'], memberId: string | null) => `${kind}:${memberId ?? ''}`;
const fromDoc = (data: DocumentData): LinkRecord => {
  const { slot: _slot, ...link } = data as LinkRecord & { slot: string };
  return link;
};

/**
 * Links live under trips/{id}/links/{linkId}, so a trip's deletion clears them and the link route reads one
 * document by the id its address carries. A slot (kind and member) holds one link: replacing deletes the others
 * in the same transaction.
 */
export function firestoreLinks(db: Firestore): LinkStore {
  const linksOf = (tripId: string) => db.collection('trips').doc(tripId).collection('links');
  const slot = (tripId: string, kind: LinkRecord['kind'], memberId: string | null) =>
    linksOf(tripId).where('slot', '==', slotKey(kind, memberId));

  return {
    async replace(link) {
      const record: LinkRecord = { ...link, created_at: new Date().toISOString() };
      return db.runTransaction(async (tx) => {
        const previous = await tx.get(slot(link.trip_id, link.kind, link.member_id));
        previous.docs.forEach((doc) => tx.delete(doc.ref));
        tx.create(linksOf(link.trip_id).doc(link.id), {
          ...record,
          slot: slotKey(link.kind, link.member_id),
        });
        return record;
      });
    },
    async get(tripId, id) {
      const doc = await linksOf(tripId).doc(id).get();
      const data = doc.data();
      return data ? fromDoc(data) : null;
    },
    async current(tripId, kind, memberId) {
      const found = await slot(tripId, kind, memberId).limit(1).get();
      return found.empty ? null : fromDoc(found.docs[0]!.data());
    },
    async revoke(tripId, kind, memberId) {
      return db.runTransaction(async (tx) => {
        const found = await tx.get(slot(tripId, kind, memberId));
        found.docs.forEach((doc) => tx.delete(doc.ref));
        return !found.empty;
      });
    },
  };
}
