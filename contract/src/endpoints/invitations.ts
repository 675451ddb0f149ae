import { userInvitationsResponseSchema } from '../invitations';
import { participantResponseSchema } from '../participants';
import { tripIdParamsSchema } from '../trips';
import { endpoint } from './endpoint';

/**
 * The invitee's side of an invitation: their pending invitations and their answer to one. Apart from the ledger's
 * endpoints so the pages that list invitations (my trips, the split overview) do not load the ledger's schemas.
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

export const invitationEndpoints = { myInvitations, acceptInvitation, declineInvitation };
