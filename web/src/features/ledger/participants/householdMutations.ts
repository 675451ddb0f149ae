import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { HouseholdBody, HouseholdsResponse } from '@wayfare/contract';
import { queryKeys } from '@/shared/query/queryKeys';
import { householdsQuery } from '../queries';
import { ledgerApi } from '../ledgerApi';

/** The trip's households and switch, read with the ledger and kept current by its live notices. */
export const useHouseholds = (tripId: string) => useQuery(householdsQuery(tripId));

/**
 * After a household change: the households, and what the plan shows of them ("how we got here"), read again. The
 * pending settlements change only when someone calculates them again.
 */
function useRefreshHouseholds(tripId: string) {
  const queryClient = useQueryClient();
  return () =>
    Promise.all([
      queryClient.invalidateQueries({ queryKey: queryKeys.households(tripId) }),
      queryClient.invalidateQueries({ queryKey: queryKeys.explanation(tripId) }),
    ]);
}

/** Creates a household (no id) or replaces one whole. */
export function useSaveHousehold(tripId: string) {
  const refresh = useRefreshHouseholds(tripId);
  return useMutation({
    mutationFn: ({ id, body }: { id: string | null; body: HouseholdBody }) =>
      id === null ? ledgerApi.createHousehold(tripId, body) : ledgerApi.updateHousehold(tripId, id, body),
    onSuccess: refresh,
  });
}

export function useDeleteHousehold(tripId: string) {
  const refresh = useRefreshHouseholds(tripId);
  return useMutation({
    mutationFn: (householdId: string) => ledgerApi.deleteHousehold(tripId, householdId),
    onSuccess: refresh,
  });
}

/** The switch, shown as set at once (the server's answer), then the households and explanation read again. */
export function useSettleByHousehold(tripId: string) {
  const queryClient = useQueryClient();
  const refresh = useRefreshHouseholds(tripId);
  return useMutation({
    mutationFn: (on: boolean) => ledgerApi.setSettleByHousehold(tripId, on),
    onSuccess: async ({ settle_by_household }) => {
      queryClient.setQueryData(
        householdsQuery(tripId).queryKey,
        (data: HouseholdsResponse | undefined) => data && { ...data, settle_by_household },
      );
      await refresh();
    },
  });
}
