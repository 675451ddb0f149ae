import { acceptInvitation, declineInvitation, myInvitations } from '@wayfare/contract';
import { callEndpoint } from '@/shared/callEndpoint';

/**
 * The invitee's /api/trip-split calls (spec §7): their pending invitations and their answer to one. Apart from the
 * split API so the pages that list invitations (my trips, the split overview) do not load the ledger's schemas.
 */
export const invitationsApi = {
  myInvitations: async (signal?: AbortSignal) => (await callEndpoint(myInvitations, { signal })).invitations,
  acceptInvitation: (tripId: string) => callEndpoint(acceptInvitation, { params: { tripId } }),
  declineInvitation: (tripId: string) => callEndpoint(declineInvitation, { params: { tripId } }),
};
