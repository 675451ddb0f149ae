import { useState } from 'react';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { DailyPlan, TripView } from '@wayfare/contract';
import { errorMessage } from '@/shared/api';
import { tripQuery } from '@/features/trips';
import { movePlan } from './planDays';
import { createPlan, deletePlan, updatePlan, type PlanBody } from './plansApi';

type SetPlans = (update: (plans: DailyPlan[]) => DailyPlan[]) => void;

/** Puts one plan back as it was before a change the server refused (other plans' changes stay). */
const restore = (previous: DailyPlan) => (plans: DailyPlan[]) =>
  plans.some((p) => p.id === previous.id)
    ? plans.map((p) => (p.id === previous.id ? previous : p))
    : [...plans, previous];

/** A move or removal the server refused: said on the day the plan is back in, until the next change. */
export interface PlanChangeFailure {
  date: string;
  message: string;
  detail: string;
}

/**
 * Moving and removing plans, optimistically: the cached trip changes at once (a read of the trip in flight is
 * cancelled so it cannot bring the old plans back), the server's answer then replaces the plan, and a refused or
 * unanswered change puts that plan back as it was in the cache before — no reload of the trip — and says so
 * (`failure`).
 */
export function usePlanChanges(trip: Pick<TripView, 'id' | 'start_date'>, setPlans: SetPlans) {
  const queryClient = useQueryClient();
  const [failure, setFailure] = useState<PlanChangeFailure | null>(null);
  const settleReads = () => {
    setFailure(null);
    return queryClient.cancelQueries({ queryKey: tripQuery(trip.id).queryKey, exact: true });
  };
  const putBack = (plan: DailyPlan, change: 'moved' | 'removed', error: unknown) => {
    setPlans(restore(plan));
    setFailure({
      date: plan.plan_date,
      message: `“${plan.title}” could not be ${change}; it is back where it was.`,
      detail: errorMessage(error, 'Please try again.'),
    });
  };

  const move = useMutation({
    mutationFn: ({ plan, date }: { plan: DailyPlan; date: string }) => {
      const { category, title, description } = plan;
      return updatePlan(trip.id, plan.id, { plan_date: date, category, title, description });
    },
    onMutate: async ({ plan, date }) => {
      await settleReads();
      setPlans((plans) => movePlan(plans, plan.id, date, trip.start_date));
    },
    onSuccess: (saved) => setPlans((plans) => plans.map((p) => (p.id === saved.id ? saved : p))),
    onError: (error, { plan }) => putBack(plan, 'moved', error),
  });

  const remove = useMutation({
    mutationFn: (plan: DailyPlan) => deletePlan(trip.id, plan.id),
    onMutate: async (plan) => {
      await settleReads();
      setPlans((plans) => plans.filter((p) => p.id !== plan.id));
    },
    onError: (error, plan) => putBack(plan, 'removed', error),
  });

  return {
    failure,
    move: (plan: DailyPlan, date: string) => move.mutate({ plan, date }),
    remove: (plan: DailyPlan) => remove.mutate(plan),
  };
}

/**
 * Adding a plan: sent at once, or kept on the device while offline (plansApi.createPlan). The form hands a sent
 * plan to the board, which writes it into the cached trip (`setPlans`).
 */
export function useCreatePlan(tripId: string, userId: string) {
  return useMutation({ mutationFn: (plan: PlanBody) => createPlan(userId, tripId, plan) });
}
