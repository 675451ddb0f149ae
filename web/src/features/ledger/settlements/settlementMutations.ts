import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { Settlement } from '@wayfare/contract';
import { queryKeys } from '@/shared/query/queryKeys';
import { settlementsQuery } from '../queries';
import { ledgerApi } from '../ledgerApi';

/**
 * "Mark as Paid" at the amount shown: the settlement as the server answered it, in its place at once; then the
 * explanation (whose balances it moved) and the overview's figures are read again.
 */
export function useMarkPaid(tripId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (settlement: Settlement) => ledgerApi.markPaid(settlement.id, settlement.amount_cents),
    onSuccess: ({ settlement }) => {
      queryClient.setQueryData(settlementsQuery(tripId).queryKey, (list: Settlement[] | undefined) =>
        list?.map((s) => (s.id === settlement.id ? settlement : s)),
      );
      void queryClient.invalidateQueries({ queryKey: queryKeys.explanation(tripId) });
      void queryClient.invalidateQueries({ queryKey: queryKeys.splitTrips() });
    },
  });
}
