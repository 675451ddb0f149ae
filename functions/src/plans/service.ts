import type { BulkPlansResponse, DailyPlan, PlanInput } from '@wayfare/contract';
import { HttpError } from '../http/errors';
import type { Store } from '../store/types';
import { requireDateNearTrip, requireTripMember } from '../trips/access';
import { toDailyPlan } from '../trips/view';

const PLAN_NOT_FOUND = 'Plan not found';

/** Daily plans: every member of a trip may add, move and remove its plans. */
export function createPlanService(store: Store) {
  return {
    async create(tripId: string, userId: string, input: PlanInput): Promise<DailyPlan> {
      const { trip } = await requireTripMember(store, tripId, userId);
      requireDateNearTrip(trip, input.plan_date, 'plan_date');
      return toDailyPlan(await store.plans.create(tripId, input), trip.start_date);
    },
    async createMany(tripId: string, userId: string, plans: PlanInput[]): Promise<BulkPlansResponse> {
      const { trip } = await requireTripMember(store, tripId, userId);
      for (const plan of plans) requireDateNearTrip(trip, plan.plan_date, 'plan_date');
      const result = await store.plans.createMany(tripId, plans);
      return {
        plans: result.plans.map((plan) => toDailyPlan(plan, trip.start_date)),
        skipped: result.skipped,
      };
    },
    async update(tripId: string, userId: string, planId: string, input: PlanInput): Promise<DailyPlan> {
      const { trip } = await requireTripMember(store, tripId, userId);
      requireDateNearTrip(trip, input.plan_date, 'plan_date');
      const plan = await store.plans.update(tripId, planId, input);
      if (!plan) throw new HttpError(404, PLAN_NOT_FOUND);
      return toDailyPlan(plan, trip.start_date);
    },
    async delete(tripId: string, userId: string, planId: string): Promise<void> {
      await requireTripMember(store, tripId, userId);
      if (!(await store.plans.delete(tripId, planId))) throw new HttpError(404, PLAN_NOT_FOUND);
    },
  };
}
