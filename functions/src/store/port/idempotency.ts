/** A write's answer, kept under the Idempotency-Key its client sent. */
export interface IdempotentAnswer {
  status: number;
  body: unknown;
}

/** What claiming a key found: it was free (now held for this request), or another request holds or answered it. */
export type IdempotencyClaim =
  | { state: 'claimed' }
  | { state: 'taken'; request: string; payload: string | null; answer: IdempotentAnswer | null };

/**
 * Idempotency keys per user (the offline queue's retries): a write claims its key before it runs and completes
 * it with its answer, so a repeat answers that and writes nothing. Records past `expires_at` count as absent
 * (and are removed: by the embedded store as it claims, by a TTL policy on expires_at in Firestore).
 */
export interface IdempotencyStore {
  /**
   * Claims (userId, key) for `request` (method and path) with `payload` (the body's fingerprint; null: not
   * fingerprinted) until `leaseUntil`, unless a live record holds it: then that record.
   */
  claim(
    userId: string,
    key: string,
    request: string,
    payload: string | null,
    now: Date,
    leaseUntil: Date,
  ): Promise<IdempotencyClaim>;
  /** Keeps the answer of the claimed key until `expiresAt`. */
  complete(userId: string, key: string, answer: IdempotentAnswer, expiresAt: Date): Promise<void>;
  /** Frees the key (the write failed): the client may try again with it. */
  release(userId: string, key: string): Promise<void>;
}
