import { userInvitationsResponseSchema } from '../invitations';
import { participantResponseSchema } from '../participants';
import { participantParamsSchema } from '../ledger/participants';
import { tripIdParamsSchema } from '../trips';
import { endpoint } from './endpoint';

/**
 * Joining and leaving a trip: the invitee's pending invitations and their answer to one, and a participant's removal
 * (leaving, from my trips). Apart from the ledger's endpoints so the pages that use them (my trips, the split
 * overview) do not load the ledger's schemas.
 */
export const myInvitations = endpoint({
  method: 'GET',
  path: '/trip-split/invitations',
  answer: userInvitationsResponseSchema,
  status: 200,
});

export const acceptInvitation = endpoint({
  method: 'POST',
  path: '/trip-split/invitations/:tripId/accept',
  params: tripIdParamsSchema,
  answer: participantResponseSchema,
  status: 200,
});

export const declineInvitation = endpoint({
  method: 'POST',
  path: '/trip-split/invitations/:tripId/decline',
  params: tripIdParamsSchema,
  status: 204,
});

/** Someone else (the owner's removal), or oneself: leaving the trip. */
export const removeParticipant = endpoint({
  method: 'DELETE',
  path: '/trip-split/trips/:tripId/participants/:userId',
  params: participantParamsSchema,
  status: 204,
});
