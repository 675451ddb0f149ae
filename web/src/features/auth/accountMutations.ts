import { queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import {
  getMe,
  setAddPolicy,
  setPaymentHandles,
  type AddPolicyBody,
  type MeResponse,
  type PaymentHandlesBody,
} from '@wayfare/contract';
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
  return useSaveAccount((body: AddPolicyBody) => callEndpoint(setAddPolicy, { body }));
}

/** Saving the payment handles: the same, as other members read them only when they come to pay. */
export function useSetPaymentHandles() {
  return useSaveAccount((body: PaymentHandlesBody) => callEndpoint(setPaymentHandles, { body }));
}

/** A save of the account's settings: the account the server answers goes into the cache. */
function useSaveAccount<Body>(save: (body: Body) => Promise<MeResponse>) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: save,
    onSuccess: (account) => queryClient.setQueryData(queryKeys.me(), account),
  });
}
