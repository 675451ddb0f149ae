import { randomUUID } from 'node:crypto';
import {
  FieldValue,
  type DocumentSnapshot,
  type Firestore,
  type Transaction,
} from 'firebase-admin/firestore';
import {
  uniqueKey,
  type AddGuestOutcome,
  type ClaimLinkRecord,
  type ClaimOutcome,
  type GuestStore,
  type UserRecord,
} from '../types';
import { ACTIVITY, BUDGET, recordChange } from './activity';
import { householdDeparture, HOUSEHOLDS } from './households';
import { ledgerPersonRef } from './ledger-people';
import { ledgerShardRefs, sumShards, writeLedgerDelta } from './ledger-shards';
import {
  GUEST_CLAIM_LINKS,
  GUEST_NAMES,
  INVITATIONS,
  invitationId,
  memberRecordOf,
  type MemberDoc,
} from './trips';

/**
 * A guest is a users/{id} document with `guest_trip_id` and no username, email or password (so no usernames/ or
 * emails/ claims: nothing finds them to sign in), and a plain trips/{tripId}/members/{id} membership.
 * trips/{tripId}/guest_names/{hex of the name's uniqueKey} holds `{ guest_id }`: the name claimed in the trip, read
 * and written in the add's transaction; it outlives a removal, so the same name brings that guest back, balance and
 * all. Claim links are top-level guest_claim_links/{tokenHash}, opened by the token's hash with a point read; the
 * guest's membership document keeps the hash of their live link (`claim_link_hash`; not their user document, which
 * users.findById answers whole), so creating, revoking and removing turn it off inside their transactions without a
 * query. A claim is one transaction that reads the whole trip and renames the guest's id to the claimer's in every
 * document naming it (expenses, settlements, history, budget, membership, member_ids); the guest's ledger figures
 * move to the claimer as one ledger delta, which also moves the ledger version. A trip's deletion clears all of these
 * (trips.ts).
 */
export function firestoreGuests(db: Firestore): GuestStore {
  const users = db.collection('users');
  const trips = db.collection('trips');
  const links = db.collection(GUEST_CLAIM_LINKS);
  const memberRef = (tripId: string, userId: string) => trips.doc(tripId).collection('members').doc(userId);
  // Hex: a name may hold characters a document id may not ('/').
  const guestNameRef = (tripId: string, name: string) =>
    trips
      .doc(tripId)
      .collection(GUEST_NAMES)
      .doc(Buffer.from(uniqueKey(name), 'utf8').toString('hex'));
  const isGuestOf = (
    tripId: string,
    member: DocumentSnapshot | undefined,
    user: DocumentSnapshot | undefined,
  ): member is DocumentSnapshot => member?.exists === true && user?.get('guest_trip_id') === tripId;

  /** Turns off the guest's live link, if any, in `tx` (after its reads); whether there was one. */
  const revokeLive = (tx: Transaction, member: DocumentSnapshot, at: string) => {
    const hash = member.get('claim_link_hash') as string | null | undefined;
    if (hash) tx.update(links.doc(hash), { revoked_at: at });
    return Boolean(hash);
  };

  return {
    async add(tripId, name, addedBy) {
      const first_name = name.trim();
      const nameRef = guestNameRef(tripId, first_name);
      return db.runTransaction(async (tx): Promise<AddGuestOutcome> => {
        const claimedBy = (await tx.get(nameRef)).get('guest_id') as string | undefined;
        const [member, removed] = claimedBy
          ? await tx.getAll(memberRef(tripId, claimedBy), users.doc(claimedBy))
          : [];
        if (member?.exists) return { outcome: 'taken' };
        const joined_at = new Date().toISOString();
        let guest: UserRecord;
        if (removed?.exists) {
          // Back under the name they had: the ledger has shown it all along.
          guest = removed.data() as UserRecord;
        } else {
          guest = {
            id: randomUUID(),
            username: '',
            email: '',
            first_name,
            last_name: '',
            password_hash: '',
            add_policy: 'nobody',
            payment_handles: {},
            created_at: joined_at,
            guest_trip_id: tripId,
          };
          tx.create(users.doc(guest.id), guest);
          tx.set(nameRef, { guest_id: guest.id });
        }
        const membership: MemberDoc = {
          user_id: guest.id,
          role: 'participant',
          joined_at,
          added_by: addedBy,
        };
        tx.create(memberRef(tripId, guest.id), membership);
        tx.update(trips.doc(tripId), { member_ids: FieldValue.arrayUnion(guest.id) });
        recordChange(tx, db, tripId, addedBy, { kind: 'member.joined', user_id: guest.id });
        return {
          outcome: removed?.exists ? 'rejoined' : 'added',
          member: memberRecordOf(tripId, membership, guest),
        };
      });
    },
    async remove(tripId, guestId, actorId) {
      return db.runTransaction(async (tx) => {
        const [[member, user], leaveHousehold] = await Promise.all([
          tx.getAll(memberRef(tripId, guestId), users.doc(guestId)),
          householdDeparture(tx, db, tripId, guestId),
        ]);
        if (!isGuestOf(tripId, member, user)) return 'not-guest';
        tx.delete(member.ref);
        leaveHousehold();
        tx.update(trips.doc(tripId), { member_ids: FieldValue.arrayRemove(guestId) });
        recordChange(tx, db, tripId, actorId, { kind: 'member.removed', user_id: guestId });
        revokeLive(tx, member, new Date().toISOString());
        return 'removed';
      });
    },
    async createClaimLink(input) {
      const link: ClaimLinkRecord = { ...input, revoked_at: null, used_at: null };
      return db.runTransaction(async (tx) => {
        const [member, user] = await tx.getAll(
          memberRef(link.trip_id, link.guest_id),
          users.doc(link.guest_id),
        );
        if (!isGuestOf(link.trip_id, member, user)) return null;
        revokeLive(tx, member, link.created_at);
        tx.create(links.doc(link.token_hash), link);
        tx.update(member.ref, { claim_link_hash: link.token_hash });
        return link;
      });
    },
    async revokeClaimLink(tripId, guestId, at) {
      return db.runTransaction(async (tx) => {
        const member = await tx.get(memberRef(tripId, guestId));
        if (!revokeLive(tx, member, at)) return false;
        // Null rather than FieldValue.delete(), which the Node.js emulator ignores in updates.
        tx.update(member.ref, { claim_link_hash: null });
        return true;
      });
    },
    async findClaimLink(tokenHash) {
      const doc = await links.doc(tokenHash).get();
      return doc.exists ? (doc.data() as ClaimLinkRecord) : null;
    },
    async claim(tokenHash, userId, at) {
      return db.runTransaction(async (tx): Promise<ClaimOutcome> => {
        const linkRef = links.doc(tokenHash);
        const linkDoc = await tx.get(linkRef);
        if (!linkDoc.exists) return { outcome: 'unknown' };
        const { trip_id: tripId, guest_id: guestId, ...link } = linkDoc.data() as ClaimLinkRecord;
        if (link.revoked_at !== null) return { outcome: 'revoked' };
        if (link.used_at !== null) return { outcome: 'used' };
        if (link.expires_at <= at) return { outcome: 'expired' };

        const trip = trips.doc(tripId);
        const guestPersonRef = ledgerPersonRef(db, tripId, guestId);
        const claimerPersonRef = ledgerPersonRef(db, tripId, userId);
        // Every shard by reference: a concurrent ledger write conflicts with this transaction.
        const [
          tripDoc,
          guestMember,
          guestUser,
          claimerMember,
          claimerUser,
          guestPerson,
          claimerPerson,
          budget,
          ...shards
        ] = await tx.getAll(
          trip,
          memberRef(tripId, guestId),
          users.doc(guestId),
          memberRef(tripId, userId),
          users.doc(userId),
          guestPersonRef,
          claimerPersonRef,
          trip.collection(BUDGET).doc('current'),
          ...ledgerShardRefs(db, tripId),
        );
        if (!guestUser || !isGuestOf(tripId, guestMember, guestUser)) return { outcome: 'revoked' };
        if (claimerMember?.exists) return { outcome: 'already-in-trip' };
        const sums = sumShards(shards);
        const claimerRefs =
          ((claimerPerson?.get('ledger_refs') as number | undefined) ?? 0) +
          (sums.people.get(userId)?.ledger_refs ?? 0);
        if (claimerRefs > 0) return { outcome: 'already-in-trip' };
        // Everything of the trip that may name the guest, read whole: a trip is a travel group's, so its expenses,
        // settlements and history are few enough for one transaction.
        const [expenses, settlements, history, households, guestName] = await Promise.all([
          tx.get(trip.collection('expenses')),
          tx.get(trip.collection('settlements')),
          tx.get(trip.collection(ACTIVITY)),
          tx.get(trip.collection(HOUSEHOLDS)),
          tx.get(guestNameRef(tripId, guestUser.get('first_name') as string)),
        ]);
        const namesClaimer = (doc: DocumentSnapshot) =>
          doc.get('from_user_id') === userId || doc.get('to_user_id') === userId;
        if (settlements.docs.some(namesClaimer)) return { outcome: 'already-in-trip' };

        for (const doc of [
          ...expenses.docs,
          ...settlements.docs,
          ...history.docs,
          ...households.docs,
          budget,
        ]) {
          const data = doc?.data();
          const next = renamed(data, guestId, userId);
          if (doc && next !== data) tx.set(doc.ref, next as object);
        }
        // The guest's figures: their base moves to the claimer's (added to any), the shards' sum in one delta that
        // also moves the ledger version (no amount changes: the ledger's totals and count stay).
        const base = Object.entries(guestPerson?.data() ?? {}).filter(
          ([, value]) => typeof value === 'number',
        );
        if (base.length > 0) {
          const moved = base.map(([field, value]) => [field, FieldValue.increment(value as number)]);
          tx.set(claimerPersonRef, Object.fromEntries(moved), { merge: true });
        }
        tx.delete(guestPersonRef);
        const figures = sums.people.get(guestId) ?? { share_minor: 0, paid_minor: 0, ledger_refs: 0 };
        const withdrawn = {
          share_minor: -figures.share_minor,
          paid_minor: -figures.paid_minor,
          ledger_refs: -figures.ledger_refs,
        };
        writeLedgerDelta(tx, db, tripId, guestId, {
          expense_count: 0,
          total_expenses_minor: 0,
          people: new Map([
            [guestId, withdrawn],
            [userId, figures],
          ]),
        });

        const { claim_link_hash: _liveLink, ...guestMembership } = guestMember.data() as MemberDoc;
        const membership: MemberDoc = { ...guestMembership, user_id: userId };
        tx.delete(guestMember.ref);
        tx.create(memberRef(tripId, userId), membership);
        const memberIds = (tripDoc?.get('member_ids') as string[] | undefined) ?? [];
        tx.update(trip, { member_ids: memberIds.map((id) => (id === guestId ? userId : id)) });
        tx.delete(db.collection(INVITATIONS).doc(invitationId(tripId, userId)));
        tx.delete(guestUser.ref);
        if (guestName.get('guest_id') === guestId) tx.delete(guestName.ref);
        tx.update(linkRef, { used_at: at });
        return {
          outcome: 'claimed',
          guest_id: guestId,
          member: memberRecordOf(tripId, membership, claimerUser?.data() as UserRecord),
        };
      });
    },
  };
}

const isPlainObject = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && Object.getPrototypeOf(value) === Object.prototype;

/**
 * `value` with every string equal to `from`, and every object key equal to it, made `to`; the same value when
 * nothing names `from`. Ids are UUIDs, so no other string equals one: payers, shares, splits, settlements and history
 * entries are renamed without knowing their shapes.
 */
function renamed(value: unknown, from: string, to: string): unknown {
  if (value === from) return to;
  if (Array.isArray(value)) {
    const items = value.map((item) => renamed(item, from, to));
    return items.some((item, i) => item !== value[i]) ? items : value;
  }
  if (isPlainObject(value)) {
    const entries = Object.entries(value);
    const next = entries.map(([key, item]) => [key === from ? to : key, renamed(item, from, to)] as const);
    return next.some(([key, item], i) => key !== entries[i]?.[0] || item !== entries[i]?.[1])
      ? Object.fromEntries(next)
      : value;
  }
  return value;
}
