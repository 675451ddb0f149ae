import { queryOptions, useMutation } from '@tanstack/react-query';
import {
  claimOwnGuest,
  getGuestSessionOffer,
  startGuestSession,
  type StartGuestSessionBody,
} from '@wayfare/contract';
import { callEndpoint } from '@/shared/callEndpoint';
import { queryKeys } from '@/shared/query/queryKeys';

/** What an invite link offers a visitor without an account: the trip and the guests they may continue as. */
export const guestSessionOfferQuery = (token: string) =>
  queryOptions({
    queryKey: queryKeys.guestSessionOffer(token),
    queryFn: async ({ signal }) =>
      (await callEndpoint(getGuestSessionOffer, { params: { token }, signal })).offer,
    retry: false,
  });

/** Continues as a guest: the answer's token is the session the caller then keeps. */
export const useStartGuestSession = (token: string) =>
  useMutation({
    mutationFn: (body: StartGuestSessionBody) => callEndpoint(startGuestSession, { params: { token }, body }),
  });

/** A claim link for the guest session's own guest: the claim page takes them through signing up. */
export const claimOwnGuestLink = () => callEndpoint(claimOwnGuest);
