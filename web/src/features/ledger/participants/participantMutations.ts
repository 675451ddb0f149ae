import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { AddParticipantBody, Participant } from '@wayfare/contract';
import { queryKeys } from '@/shared/query/queryKeys';
import { participantsQuery, refreshLedger, tripInvitationsQuery } from '../queries';
import { ledgerApi } from '../ledgerApi';

/**
 * Adding someone (a guest too, by `guest_name`): listed at once when they were added (whether or not a live notice
 * follows); when they were invited instead, the trip's invitations are read again.
 */
export function useAddParticipant(tripId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: AddParticipantBody) => ledgerApi.addParticipant(tripId, body),
    onSuccess: (answer) => {
      if (answer.outcome === 'added') {
        const { participant } = answer;
        queryClient.setQueryData(participantsQuery(tripId).queryKey, (list: Participant[] | undefined) =>
          list && !list.some((p) => p.user_id === participant.user_id) ? [...list, participant] : list,
        );
        // A guest added again under the name of one removed earlier is that person back: their balances and
        // settlements no longer say they left.
        if (participant.is_guest) void refreshLedger(queryClient, tripId);
      } else void queryClient.invalidateQueries({ queryKey: tripInvitationsQuery(tripId).queryKey });
    },
  });
}

/** "Make owner": the participants as the server answered them, shown at once. */
export function useMakeOwner(tripId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (userId: string) => ledgerApi.makeOwner(tripId, userId),
    onSuccess: (participants) => {
      queryClient.setQueryData(participantsQuery(tripId).queryKey, participants);
      void queryClient.invalidateQueries({ queryKey: queryKeys.trip(tripId) });
    },
  });
}

/**
 * Removing a participant (or oneself: leaving): gone from the list once the server confirmed, then the ledger
 * (their shares and balances) and the trip lists read again.
 */
export function useRemoveParticipant(tripId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (userId: string) => ledgerApi.removeParticipant(tripId, userId),
    onSuccess: (_answer, userId) => {
      queryClient.setQueryData(participantsQuery(tripId).queryKey, (list: Participant[] | undefined) =>
        list?.filter((p) => p.user_id !== userId),
      );
      void refreshLedger(queryClient, tripId);
      void queryClient.invalidateQueries({ queryKey: queryKeys.trips() });
      void queryClient.invalidateQueries({ queryKey: queryKeys.splitTrips() });
    },
  });
}

/**
 * A guest's claim link, shown once by whoever made it (the server keeps its hash alone), so it is no query: the
 * caller shows the mutation's answer. Making another replaces it.
 */
export function useCreateGuestClaimLink(tripId: string) {
  return useMutation({
    mutationFn: (guestId: string) => ledgerApi.createGuestClaimLink(tripId, guestId),
  });
}

export function useRevokeGuestClaimLink(tripId: string) {
  return useMutation({
    mutationFn: (guestId: string) => ledgerApi.revokeGuestClaimLink(tripId, guestId),
  });
}

/**
 * A participant's weight: the participant as the server answered, shown at once; expenses already split by weight
 * keep the shares they were stored with, so nothing else is read again.
 */
export function useSetWeight(tripId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ userId, weight }: { userId: string; weight: number }) =>
      ledgerApi.setWeight(tripId, userId, weight),
    onSuccess: ({ participant }) =>
      queryClient.setQueryData(participantsQuery(tripId).queryKey, (list: Participant[] | undefined) =>
        list?.map((p) => (p.user_id === participant.user_id ? participant : p)),
      ),
  });
}
