import { z } from 'zod';

/**
 * Record ids as the stores make them (UUIDs; Firestore child ids `{tripId}~{uuid}`): letters, digits, `-`, `_` and
 * `~`, not starting with `__`. Checked before any store path is built, so an id can never name another path
 * (`a/b`, `..`) or one Firestore reserves (`__proto__`, `__name__`).
 */
export const RECORD_ID = /^(?!__)[A-Za-z0-9_~-]+$/;

export const recordId = (label: string, maxLength = 128) =>
  z
    .string({ error: `${label} is required` })
    .trim()
    .min(1, `${label} is required`)
    .max(maxLength, `${label} is too long`)
    .regex(RECORD_ID, `${label} is not valid`)
    // No store makes such ids, and keyed lookups (the Node.js Firestore emulator's among them) trip on them.
    .refine((id) => !(id in Object.prototype), `${label} is not valid`);

/** The value of IDEMPOTENCY_KEY_HEADER (`first-load.ts`). */
export const idempotencyKeySchema = z
  .string()
  .regex(/^[A-Za-z0-9_-]{8,128}$/, 'Idempotency-Key must be 8 to 128 letters, digits, - or _');
