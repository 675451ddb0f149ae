import { useCallback, useState } from 'react';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { Balance } from '@wayfare/contract';
import { errorMessage } from '@/shared/api';
import { queryKeys } from '@/shared/query/queryKeys';
import { ledgerApi } from '../ledgerApi';

/**
 * "Calculate Settlements" (spec §4: on demand; the overview card also calls it when its Settlements tab opens or its
 * list is empty while the trip has expenses, see useCardSettlements). A recalculation keeps the id of every unchanged
 * pending transfer and never touches paid ones (server side), so calling it again on an unchanged ledger changes
 * nothing shown. What it changed — the trip's settlements and their explanation — is read again before it counts as
 * done (expenses and people are untouched). The balances of the last calculation stay shown, also while the next
 * one runs or when it fails.
 */
export function useSettlementCalculation(tripId: string) {
  const queryClient = useQueryClient();
  const [balances, setBalances] = useState<Balance[] | null>(null);
  const calculation = useMutation({
    mutationFn: () => ledgerApi.calculateSettlements(tripId),
    onSuccess: (result) => {
      setBalances(result.balances);
      return Promise.all([
        queryClient.invalidateQueries({ queryKey: queryKeys.settlements(tripId) }),
        queryClient.invalidateQueries({ queryKey: queryKeys.explanation(tripId) }),
      ]);
    },
  });
  const { mutate } = calculation;
  const calculate = useCallback(() => mutate(), [mutate]);
  return {
    balances,
    calculating: calculation.isPending,
    calcError: calculation.isError
      ? errorMessage(calculation.error, 'Failed to calculate settlements')
      : null,
    calculate,
  };
}
