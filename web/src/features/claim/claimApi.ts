import { queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import { acceptGuestClaim, getGuestClaim } from '@wayfare/contract';
import { callEndpoint } from '@/shared/callEndpoint';
import { queryKeys } from '@/shared/query/queryKeys';

/** What a guest's claim link offers: the trip, the guest and where they stand; anyone holding the link reads it. */
export const guestClaimQuery = (token: string) =>
  queryOptions({
    queryKey: queryKeys.guestClaim(token),
    queryFn: async ({ signal }) => (await callEndpoint(getGuestClaim, { params: { token }, signal })).claim,
  });

/** "I am {guest}": the signed-in caller becomes the guest, so their trip lists are read again. */
export function useAcceptGuestClaim(token: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => callEndpoint(acceptGuestClaim, { params: { token } }),
    onSuccess: () => {
      void queryClient.invalidateQueries({ queryKey: queryKeys.trips() });
      void queryClient.invalidateQueries({ queryKey: queryKeys.splitTrips() });
    },
  });
}
