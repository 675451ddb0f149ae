import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { BudgetBody } from '@wayfare/contract';
import { queryKeys } from '@/shared/query/queryKeys';
import { budgetApi, budgetQuery } from './budgetApi';

/** Setting the trip's budget: the budget with its spending as the server answered it, shown at once. */
export function useSetBudget(tripId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: BudgetBody) => budgetApi.setBudget(tripId, body),
    onSuccess: (saved) => queryClient.setQueryData(budgetQuery(tripId).queryKey, saved),
  });
}

/**
 * "Restore" of a deleted expense from the history: one new change, so the whole ledger (expenses, figures, budget,
 * history) is read again before the restore counts as done.
 */
export function useRestoreExpense(tripId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (entryId: string) => budgetApi.restore(tripId, entryId),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: queryKeys.ledger(tripId) }),
  });
}
