import { queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import { getMe, setAddPolicy, type AddPolicyBody } from '@wayfare/contract';
import { callEndpoint } from '@/shared/callEndpoint';
import { queryKeys } from '@/shared/query/queryKeys';

/** The signed-in user's account as GET /api/auth/me answers it. */
export const meQuery = () =>
  queryOptions({
    queryKey: queryKeys.me(),
    queryFn: ({ signal }) => callEndpoint(getMe, { signal }),
  });

/**
 * Saving "Who can add me to a trip": the account as the server answered the save goes into the cache at once. Nothing
 * else this browser keeps depends on the setting (it changes what other people's adds do), so nothing is invalidated.
 */
export function useSetAddPolicy() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: AddPolicyBody) => callEndpoint(setAddPolicy, { body }),
    onSuccess: (account) => queryClient.setQueryData(queryKeys.me(), account),
  });
}
