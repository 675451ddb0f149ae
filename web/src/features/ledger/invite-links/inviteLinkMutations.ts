import { useMutation, useQueryClient } from '@tanstack/react-query';
import { queryKeys } from '@/shared/query/queryKeys';
import { ledgerApi } from '../ledgerApi';

/** A new invite link (replacing any): the link as the server answered it, shown at once; its token is the caller's. */
export function useCreateInviteLink(tripId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: { max_uses: number | null }) => ledgerApi.createInviteLink(tripId, body),
    onSuccess: (created) => queryClient.setQueryData(queryKeys.inviteLink(tripId), created.link),
  });
}

/** Turning the invite link off: none shown once the server confirmed. */
export function useRevokeInviteLink(tripId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => ledgerApi.revokeInviteLink(tripId),
    onSuccess: () => queryClient.setQueryData(queryKeys.inviteLink(tripId), null),
  });
}

/** Opening an invite link: the caller joins its trip, so their trip lists are read again. */
export function useJoinByLink() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (token: string) => ledgerApi.joinByLink(token),
    onSuccess: () => {
      void queryClient.invalidateQueries({ queryKey: queryKeys.trips() });
      void queryClient.invalidateQueries({ queryKey: queryKeys.splitTrips() });
    },
  });
}
