import { FieldValue, type Firestore, type QueryDocumentSnapshot } from 'firebase-admin/firestore';
import { joinDecision } from '../decisions/join-decision';
import type { InviteLinkRecord, InviteLinkStore, MemberRecord, UserRecord } from '../types';
import { recordChange } from './activity';
import { INVITATIONS, INVITE_LINKS, withUsers, type MemberDoc } from './trips';

/**
 * invite_links/{tokenHash}: top-level, so opening a link is one point read by its hash (the Node.js emulator has no
 * collection-group queries); a trip's active link is the one of its links with no revoked_at. A trip's deletion
 * clears its links (trips.ts).
 */
export function firestoreInviteLinks(db: Firestore): InviteLinkStore {
  const links = db.collection(INVITE_LINKS);
  const trips = db.collection('trips');
  // All of the trip's links, filtered here: a null filter is not supported by the Node.js emulator, and a trip
  // makes few links in its life.
  const linksOf = (tripId: string) => links.where('trip_id', '==', tripId);
  const unrevoked = (docs: QueryDocumentSnapshot[]) =>
    docs.filter((doc) => (doc.data() as InviteLinkRecord).revoked_at === null);

  return {
    async create(input) {
      const link: InviteLinkRecord = { ...input, uses: 0, revoked_at: null };
      await db.runTransaction(async (tx) => {
        const active = unrevoked((await tx.get(linksOf(link.trip_id))).docs);
        active.forEach((doc) => tx.update(doc.ref, { revoked_at: link.created_at }));
        tx.create(links.doc(link.token_hash), link);
      });
      return link;
    },
    async active(tripId) {
      const [doc] = unrevoked((await linksOf(tripId).get()).docs);
      if (!doc) return null;
      const link = doc.data() as InviteLinkRecord;
      const creator = (await db.collection('users').doc(link.created_by).get()).data() as
        UserRecord | undefined;
      return { ...link, created_by_username: creator?.username ?? '' };
    },
    async find(tokenHash) {
      const doc = await links.doc(tokenHash).get();
      return doc.exists ? (doc.data() as InviteLinkRecord) : null;
    },
    async revoke(tripId, at) {
      return db.runTransaction(async (tx) => {
        const active = unrevoked((await tx.get(linksOf(tripId))).docs);
        active.forEach((doc) => tx.update(doc.ref, { revoked_at: at }));
        return active.length > 0;
      });
    },
    async join(tokenHash, userId, at) {
      type Read =
        | { outcome: 'unknown' | 'revoked' | 'expired' | 'used-up' }
        | { outcome: 'joined' | 'member'; tripId: string; doc: MemberDoc };
      const outcome = await db.runTransaction(async (tx): Promise<Read> => {
        const snapshot = await tx.get(links.doc(tokenHash));
        if (!snapshot.exists) return { outcome: 'unknown' };
        const link = snapshot.data() as InviteLinkRecord;
        const tripRef = trips.doc(link.trip_id);
        const memberRef = tripRef.collection('members').doc(userId);
        const invitationRef = db.collection(INVITATIONS).doc(`${link.trip_id}~${userId}`);
        const [trip, existing] = await tx.getAll(tripRef, memberRef, invitationRef);
        const membership = !trip?.exists ? 'no-trip' : existing?.exists ? 'member' : 'not-member';
        const decision = joinDecision(link, membership, at);
        if (decision.outcome === 'member') {
          return { outcome: 'member', tripId: link.trip_id, doc: existing?.data() as MemberDoc };
        }
        if (decision.outcome !== 'join') return decision;
        const joined: MemberDoc = { user_id: userId, role: 'participant', joined_at: at };
        tx.create(memberRef, joined);
        tx.update(links.doc(tokenHash), { uses: FieldValue.increment(1) });
        tx.update(tripRef, { member_ids: FieldValue.arrayUnion(userId) });
        tx.delete(invitationRef);
        recordChange(tx, db, link.trip_id, userId, { kind: 'member.joined', user_id: userId });
        return { outcome: 'joined', tripId: link.trip_id, doc: joined };
      });
      if (!('doc' in outcome)) return outcome;
      const [member] = await withUsers(db, [outcome.doc], outcome.tripId);
      return { outcome: outcome.outcome, member: member as MemberRecord };
    },
  };
}
