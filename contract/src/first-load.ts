/**
 * Constants the web's first bundle needs (the API client's idempotency header, the sign-in pages' check of a
 * pending invite link, the account menu's setting), in a module that imports nothing: importing them does not pull
 * zod and the schemas into the start-up chunk of every page.
 */

/**
 * The `Idempotency-Key` header of a write (the offline queue's retries): 8–128 letters, digits, `-` or `_`, such
 * as a UUID. A repeat by the same user answers the first write's answer and writes nothing.
 */
export const IDEMPOTENCY_KEY_HEADER = 'Idempotency-Key';

/** An invite link's token: 32 random bytes, base64url (43 characters). */
export const INVITE_LINK_TOKEN = /^[A-Za-z0-9_-]{43}$/;

/** The account setting's question (add-policy.ts), the account menu's item: shown on every signed-in page. */
export const ADD_POLICY_QUESTION = 'Who can add me to a trip';
