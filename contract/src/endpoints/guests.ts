import {
  acceptedClaimResponseSchema,
  claimLinkResponseSchema,
  claimTokenParamsSchema,
  guestClaimResponseSchema,
  guestParamsSchema,
} from '../guests';
import { endpoint } from './endpoint';

/**
 * Claiming a guest (contract/src/guests.ts). A member mints or turns off a guest's claim link; the claim page reads
 * what the link offers before anyone signs in (the token, not a trip id, addresses it), and a signed-in person
 * accepts it. Adding a guest is POST /trips/{tripId}/participants with `guest_name`.
 */
export const createGuestClaimLink = endpoint({
  method: 'POST',
  path: '/trip-split/trips/:tripId/guests/:guestId/claim-link',
  params: guestParamsSchema,
  answer: claimLinkResponseSchema,
  status: 201,
});
export const revokeGuestClaimLink = endpoint({
  method: 'DELETE',
  path: '/trip-split/trips/:tripId/guests/:guestId/claim-link',
  params: guestParamsSchema,
  status: 204,
});
export const getGuestClaim = endpoint({
  method: 'GET',
  path: '/trip-split/guest-claims/:token',
  params: claimTokenParamsSchema,
  answer: guestClaimResponseSchema,
  status: 200,
});
export const acceptGuestClaim = endpoint({
  method: 'POST',
  path: '/trip-split/guest-claims/:token/accept',
  params: claimTokenParamsSchema,
  answer: acceptedClaimResponseSchema,
  status: 200,
});
