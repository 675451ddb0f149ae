import { useMutation, useQueryClient } from '@tanstack/react-query';
import { queryKeys } from '../../../shared/query/queryKeys';
import { splitApi } from '../splitApi';

/** A new invite link (replacing any): the link as the server answered it, shown at once; its token is the caller's. */
export function useCreateInviteLink(tripId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: { max_uses: number | null }) => splitApi.createInviteLink(tripId, body),
    onSuccess: (created) => queryClient.setQueryData(queryKeys.inviteLink(tripId), created.link),
  });
}

/** Turning the invite link off: none shown once the server confirmed. */
export function useRevokeInviteLink(tripId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => splitApi.revokeInviteLink(tripId),
    onSuccess: () => queryClient.setQueryData(queryKeys.inviteLink(tripId), null),
  });
}

/** Opening an invite link: the caller joins its trip, so their trip lists are read again. */
export function useJoinByLink() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (token: string) => splitApi.joinByLink(token),
    onSuccess: () => {
      void queryClient.invalidateQueries({ queryKey: queryKeys.trips() });
      void queryClient.invalidateQueries({ queryKey: queryKeys.splitTrips() });
    },
  });
}
