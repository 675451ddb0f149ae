import { participantResponseSchema, userInvitationsResponseSchema } from '@wayfare/contract';
import { apiFetch, apiFetchChecked } from '../../shared/api';

const base = '/api/trip-split/invitations';

/**
 * The invitee's /api/trip-split calls (spec §7): their pending invitations and their answer to one. Apart from the
 * split API so the pages that list invitations (my trips, the split overview) do not load the ledger's schemas.
 */
export const invitationsApi = {
  myInvitations: async (signal?: AbortSignal) =>
    (await apiFetchChecked(userInvitationsResponseSchema, base, { signal })).invitations,
  acceptInvitation: (tripId: string) =>
    apiFetchChecked(participantResponseSchema, `${base}/${encodeURIComponent(tripId)}/accept`, {
      method: 'POST',
    }),
  declineInvitation: (tripId: string) =>
    apiFetch<void>(`${base}/${encodeURIComponent(tripId)}/decline`, { method: 'POST' }),
};
