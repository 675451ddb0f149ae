import { Timestamp, type Firestore } from 'firebase-admin/firestore';
import type { IdempotencyStore, IdempotentAnswer } from '../types';

interface KeyDoc {
  request: string;
  /** The body's fingerprint (null: not fingerprinted; absent in keys kept before it). */
  payload?: string | null;
  /** The answer as JSON (any shape; Firestore would refuse some, such as nested arrays). */
  answer: string | null;
  /** Firestore's TTL policy on this field (firestore.indexes.json) deletes expired keys. */
  expires_at: Timestamp;
}

/**
 * idempotencyKeys/{userId}:{key} (keys are [A-Za-z0-9_-], so the id needs no escaping). The claim is a
 * transaction: two racing requests with one key cannot both claim it.
 */
export function firestoreIdempotency(db: Firestore): IdempotencyStore {
  const keys = db.collection('idempotencyKeys');
  const ref = (userId: string, key: string) => keys.doc(`${userId}:${key}`);
  return {
    async claim(userId, key, request, payload, now, leaseUntil) {
      const doc = ref(userId, key);
      return db.runTransaction(async (tx) => {
        const snapshot = await tx.get(doc);
        const found = snapshot.data() as KeyDoc | undefined;
        if (found && found.expires_at.toMillis() > now.getTime()) {
          return {
            state: 'taken' as const,
            request: found.request,
            payload: found.payload ?? null,
            answer: found.answer === null ? null : (JSON.parse(found.answer) as IdempotentAnswer),
          };
        }
        const claimed: KeyDoc = {
          request,
          payload,
          answer: null,
          expires_at: Timestamp.fromDate(leaseUntil),
        };
        tx.set(doc, claimed);
        return { state: 'claimed' as const };
      });
    },
    async complete(userId, key, answer, expiresAt) {
      await ref(userId, key).update({
        answer: JSON.stringify(answer),
        expires_at: Timestamp.fromDate(expiresAt),
      });
    },
    async release(userId, key) {
      await ref(userId, key).delete();
    },
  };
}
