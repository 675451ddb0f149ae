import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { UserInvitation } from '@wayfare/contract';
import { queryKeys } from '@/shared/query/queryKeys';
import { invitationsApi } from './invitationsApi';
import { myInvitationsQuery } from './queries';

/**
 * Accepting or declining one of the caller's invitations: gone from their list at once; an accepted one joins a
 * trip, so the trip lists (mine and the split overview's) are read again.
 */
export function useAnswerInvitation() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async ({ invitation, accept }: { invitation: UserInvitation; accept: boolean }) => {
      if (accept) await invitationsApi.acceptInvitation(invitation.trip_id);
      else await invitationsApi.declineInvitation(invitation.trip_id);
    },
    onSuccess: (_answer, { invitation, accept }) => {
      queryClient.setQueryData(myInvitationsQuery().queryKey, (current) =>
        current?.filter((i) => i.trip_id !== invitation.trip_id),
      );
      if (!accept) return;
      void queryClient.invalidateQueries({ queryKey: queryKeys.trips() });
      void queryClient.invalidateQueries({ queryKey: queryKeys.splitTrips() });
    },
  });
}
