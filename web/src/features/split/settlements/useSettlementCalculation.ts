import { useState } from 'react';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { Balance } from '@wayfare/contract';
import { errorMessage } from '../../../shared/api';
import { queryKeys } from '../../../shared/query/queryKeys';
import { splitApi } from '../splitApi';

/**
 * "Calculate Settlements" on demand (never on opening a page or a tab: a look must not change anyone's pending
 * transfers). What it changed — the trip's settlements and their explanation — is read again before it counts as
 * done (expenses and people are untouched). The balances of the last calculation stay shown, also while the next
 * one runs or when it fails.
 */
export function useSettlementCalculation(tripId: string) {
  const queryClient = useQueryClient();
  const [balances, setBalances] = useState<Balance[] | null>(null);
  const calculation = useMutation({
    mutationFn: () => splitApi.calculateSettlements(tripId),
    onSuccess: (result) => {
      setBalances(result.balances);
      return Promise.all([
        queryClient.invalidateQueries({ queryKey: queryKeys.settlements(tripId) }),
        queryClient.invalidateQueries({ queryKey: queryKeys.explanation(tripId) }),
      ]);
    },
  });
  return {
    balances,
    calculating: calculation.isPending,
    calcError: calculation.isError
      ? errorMessage(calculation.error, 'Failed to calculate settlements')
      : null,
    calculate: () => calculation.mutate(),
  };
}
