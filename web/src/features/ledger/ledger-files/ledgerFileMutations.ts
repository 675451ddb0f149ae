import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { SplitwiseImportBody } from '@wayfare/contract';
import { queryKeys } from '@/shared/query/queryKeys';
import { refreshLedger } from '../queries';
import { ledgerApi } from '../ledgerApi';

/** Importing a Splitwise export in one write: the whole ledger and the overview's figures are read again. */
export function useImportLedger(tripId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: SplitwiseImportBody) => ledgerApi.importLedger(tripId, body),
    onSuccess: () => {
      void refreshLedger(queryClient, tripId);
      void queryClient.invalidateQueries({ queryKey: queryKeys.splitTrips() });
    },
  });
}
