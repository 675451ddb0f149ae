import {
  createPlan as createPlanEndpoint,
  deletePlan as deletePlanEndpoint,
  endpointUrl,
  updatePlan as updatePlanEndpoint,
  type DailyPlan,
  type PlanInput,
} from '@wayfare/contract';
import { callEndpoint } from '@/shared/callEndpoint';
import { sendOrQueue } from '@/shared/offline/outbox';

/** Without start_time and duration_minutes, an update keeps the plan's time. */
export type PlanBody = Pick<PlanInput, 'plan_date' | 'category' | 'title' | 'description'> &
  Partial<Pick<PlanInput, 'start_time' | 'duration_minutes'>>;

/** Sent at once, or kept on the device while offline and sent once back online (exactly once: its key). */
export const createPlan = (userId: string, tripId: string, plan: PlanBody) =>
  sendOrQueue<DailyPlan>({
    userId,
    tripId,
    kind: 'plan',
    path: endpointUrl(createPlanEndpoint, { params: { tripId } }),
    body: plan,
    summary: { title: plan.title, date: plan.plan_date },
  });

export const updatePlan = (tripId: string, planId: string, plan: PlanBody) =>
  callEndpoint(updatePlanEndpoint, { params: { tripId, planId }, body: plan });

export const deletePlan = (tripId: string, planId: string) =>
  callEndpoint(deletePlanEndpoint, { params: { tripId, planId } });
