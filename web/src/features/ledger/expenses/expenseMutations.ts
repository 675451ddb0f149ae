import { useMutation, useQueryClient, type QueryClient } from '@tanstack/react-query';
import { expenseResponseSchema, type Expense, type ExpenseBodyInput } from '@wayfare/contract';
import { queryKeys } from '@/shared/query/queryKeys';
import { withCreatedExpense, withoutExpense, withSavedExpense, type ExpenseCache } from './expenseCache';
import { expensesQuery, refreshLedger } from '../queries';
import { expenseConflictOf } from './expenseConflict';
import { ledgerApi } from '../ledgerApi';

/**
 * After your own write to a trip's expenses: the change shown at once in the expense pages (`change`), then what
 * it moved read again — the trip's ledger (figures, settlements, budget, activity) and the overview's trips. The
 * refetch is not awaited: the write is done when the server answered it.
 */
function showOwnChange(
  queryClient: QueryClient,
  tripId: string,
  change: (data: ExpenseCache) => ExpenseCache,
): void {
  queryClient.setQueryData(expensesQuery(tripId).queryKey, change);
  void refreshLedger(queryClient, tripId);
  void queryClient.invalidateQueries({ queryKey: queryKeys.splitTrips() });
}

/**
 * A created expense as the server answered it, sent at once or later from the offline outbox (whose answers come
 * unchecked): on top of the first page when it is one, then the ledger read again.
 */
export function showCreatedExpense(queryClient: QueryClient, tripId: string, sent: unknown): void {
  const answer = expenseResponseSchema.safeParse(sent);
  showOwnChange(queryClient, tripId, (data) =>
    answer.success ? withCreatedExpense(data, answer.data.expense) : data,
  );
}

/**
 * Adding an expense: sent at once, or kept on the device while offline (see ledgerApi.createExpense). A sent one
 * shows on top of the first page as soon as the server answers it; a queued one when the outbox sends it
 * (useLiveLedger).
 */
export function useCreateExpense(tripId: string, userId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: ExpenseBodyInput) => ledgerApi.createExpense(userId, tripId, body),
    onSuccess: (created) => {
      if ('sent' in created) showCreatedExpense(queryClient, tripId, created.sent);
    },
  });
}

/** An expense as the server answered a write to it, shown in place of its row at once. */
const showSaved = (queryClient: QueryClient, saved: Expense) =>
  showOwnChange(queryClient, saved.trip_id, (data) => withSavedExpense(data, saved));

/** An expense as someone else saved it (a refused write's 412 told us), shown in place of its row. */
export function useShowCurrentExpense() {
  const queryClient = useQueryClient();
  return (current: Expense) => showSaved(queryClient, current);
}

/**
 * Saving an edited expense made on `version` (the one the form was opened on): its row shows the server's answer
 * at once. Refused with 412 when someone saved another version meanwhile (the form's conflict dialog).
 */
export function useUpdateExpense() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, body, version }: { id: string; body: ExpenseBodyInput; version?: number }) =>
      ledgerApi.updateExpense(id, body, version),
    onSuccess: ({ expense }) => showSaved(queryClient, expense),
  });
}

/**
 * Deleting an expense as the list shows it (its version): its row goes once the server confirmed. Refused when
 * someone changed it meanwhile: the row then shows their version, to be deleted again if still wanted.
 */
export function useDeleteExpense() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (expense: Expense) => ledgerApi.deleteExpense(expense.id, expense.version),
    onSuccess: (_answer, expense) =>
      showOwnChange(queryClient, expense.trip_id, (data) => withoutExpense(data, expense.id)),
    onError: (error) => {
      const conflict = expenseConflictOf(error);
      if (conflict) showSaved(queryClient, conflict.expense);
    },
  });
}

/** Attaching (a file) or removing (null) an expense's receipt: the row shows the expense as the server answered it. */
export function useReceiptChange() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ expenseId, file }: { expenseId: string; file: File | null }) =>
      file ? ledgerApi.attachReceipt(expenseId, file) : ledgerApi.removeReceipt(expenseId),
    onSuccess: ({ expense }) => showSaved(queryClient, expense),
  });
}
