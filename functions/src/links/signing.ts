import { createHmac, randomBytes, timingSafeEqual } from 'node:crypto';
import { LINK_ID_LENGTH, LINK_SIGNATURE_LENGTH, type LinkKind } from '@wayfare/contract';

/**
 * Tokens of links that open part of a trip without a session: a random link id followed by an HMAC over the link's
 * kind, trip and id. The id is what the store keeps (revoking deletes it); the signature lets the server turn a
 * forged or mistyped token away without reading anything, and binds it to its trip and kind, so a share token
 * never opens a calendar feed or another trip.
 */
export function createLinkSigner(secret: string) {
  const key = createHmac('sha256', secret).update('wayfare trip links').digest();
  const sign = (kind: LinkKind, tripId: string, id: string) =>
    createHmac('sha256', key).update(`${kind}\n${tripId}\n${id}`).digest('base64url');

  return {
    /** A fresh link id (18 random bytes, base64url). */
    newId: () => randomBytes(18).toString('base64url'),
    token: (kind: LinkKind, tripId: string, id: string) => `${id}${sign(kind, tripId, id)}`,
    /** The link id a genuine token carries; null when the signature does not match. */
    idOf(kind: LinkKind, tripId: string, token: string): string | null {
      if (token.length !== LINK_ID_LENGTH + LINK_SIGNATURE_LENGTH) return null;
      const id = token.slice(0, LINK_ID_LENGTH);
      const given = Buffer.from(token.slice(LINK_ID_LENGTH));
      const expected = Buffer.from(sign(kind, tripId, id));
      return given.length === expected.length && timingSafeEqual(given, expected) ? id : null;
    },
  };
}

export type LinkSigner = ReturnType<typeof createLinkSigner>;
