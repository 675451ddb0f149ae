import { randomUUID } from 'node:crypto';
import type { CollectionReference, Firestore } from 'firebase-admin/firestore';
import type { DocumentSnapshot } from 'firebase-admin/firestore';
import { DEFAULT_ADD_POLICY } from '@wayfare/contract';
import { UniqueConstraintError, uniqueKey, type NewUser, type UserRecord, type UserStore } from '../types';

/** A document id for a uniqueness key: no '/', and never '.', '..' or the reserved '__x__' form. */
const claimId = (value: string) =>
  encodeURIComponent(uniqueKey(value)).replace(
    /[._]/g,
    (c) => `%${c.charCodeAt(0).toString(16).toUpperCase()}`,
  );

/** A user document as a record; users stored before the add policy or the payment handles have the defaults. */
const userOf = (snapshot: DocumentSnapshot): UserRecord | null =>
  snapshot.exists
    ? {
        add_policy: DEFAULT_ADD_POLICY,
        payment_handles: {},
        ...(snapshot.data() as Omit<UserRecord, 'add_policy' | 'payment_handles'>),
      }
    : null;

/**
 * users/{id}; usernames/{key} and emails/{key} hold { userId } as uniqueness claims, written in the same
 * transaction as the user, so lookups by email or username are two point reads and need no index.
 */
export function firestoreUsers(db: Firestore): UserStore {
  const users = db.collection('users');
  const usernames = db.collection('usernames');
  const emails = db.collection('emails');

  async function userByClaim(claims: CollectionReference, value: string) {
    const key = claimId(value);
    // Guests have an empty email and username, and claim neither: no document id is empty.
    if (!key) return null;
    const claim = await claims.doc(key).get();
    const userId = claim.get('userId') as string | undefined;
    if (!userId) return null;
    return userOf(await users.doc(userId).get());
  }

  /** Updates fields of the user's document; the updated user, or null when there is no such user. */
  async function updateUser(id: string, fields: Partial<UserRecord>) {
    try {
      await users.doc(id).update(fields);
    } catch (err) {
      if ((err as { code?: number }).code === 5) return null; // NOT_FOUND
      throw err;
    }
    return userOf(await users.doc(id).get());
  }

  return {
    async create(user: NewUser) {
      const record: UserRecord = {
        ...user,
        add_policy: user.add_policy ?? DEFAULT_ADD_POLICY,
        payment_handles: {},
        id: randomUUID(),
        created_at: new Date().toISOString(),
      };
      const usernameRef = usernames.doc(claimId(user.username));
      const emailRef = emails.doc(claimId(user.email));
      await db.runTransaction(async (tx) => {
        const [usernameClaim, emailClaim] = await tx.getAll(usernameRef, emailRef);
        if (usernameClaim?.exists) throw new UniqueConstraintError('username');
        if (emailClaim?.exists) throw new UniqueConstraintError('email');
        tx.create(usernameRef, { userId: record.id });
        tx.create(emailRef, { userId: record.id });
        tx.create(users.doc(record.id), record);
      });
      return record;
    },
    async findById(id) {
      return userOf(await users.doc(id).get());
    },
    setAddPolicy: (id, policy) => updateUser(id, { add_policy: policy }),
    // The field is replaced whole (update() sets a map field's value, it does not merge into it).
    setPaymentHandles: (id, handles) => updateUser(id, { payment_handles: handles }),
    findByEmail: (email) => userByClaim(emails, email),
    findByUsername: (username) => userByClaim(usernames, username),
  };
}
