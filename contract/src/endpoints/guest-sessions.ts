import { claimLinkResponseSchema } from '../guests';
import {
  guestSessionOfferResponseSchema,
  guestSessionResponseSchema,
  startGuestSessionBodySchema,
} from '../guest-sessions';
import { inviteLinkTokenParamsSchema } from '../invite-links';
import { endpoint } from './endpoint';

/**
 * Guest sessions (contract/src/guest-sessions.ts): the invite link's page reads what the link offers and starts a
 * session without an account (both public, limited per address as sign-ups are); a guest session mints a claim
 * link for its own guest, which the claim page then opens for signing up.
 */
export const getGuestSessionOffer = endpoint({
  method: 'GET',
  path: '/trip-split/invite-links/:token/guests',
  params: inviteLinkTokenParamsSchema,
  answer: guestSessionOfferResponseSchema,
  status: 200,
});
export const startGuestSession = endpoint({
  method: 'POST',
  path: '/trip-split/invite-links/:token/guest-session',
  params: inviteLinkTokenParamsSchema,
  body: startGuestSessionBodySchema,
  answer: guestSessionResponseSchema,
  status: 201,
});
export const claimOwnGuest = endpoint({
  method: 'POST',
  path: '/trip-split/guest-session/claim-link',
  answer: claimLinkResponseSchema,
  status: 201,
  guestSession: true,
});
