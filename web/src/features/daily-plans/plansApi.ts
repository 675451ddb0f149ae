import type { DailyPlan, PlanInput } from '@wayfare/contract';
import { apiFetch } from '../../shared/api';

/** Without start_time and duration_minutes, an update keeps the plan's time. */
type PlanBody = Pick<PlanInput, 'plan_date' | 'category' | 'title' | 'description'> &
  Partial<Pick<PlanInput, 'start_time' | 'duration_minutes'>>;

const plansPath = (tripId: string) => `/api/trips/${encodeURIComponent(tripId)}/daily-plans`;

export const createPlan = (tripId: string, plan: PlanBody) =>
  apiFetch<DailyPlan>(plansPath(tripId), { method: 'POST', body: plan });

export const updatePlan = (tripId: string, planId: string, plan: PlanBody) =>
  apiFetch<DailyPlan>(`${plansPath(tripId)}/${encodeURIComponent(planId)}`, { method: 'PUT', body: plan });

export const deletePlan = (tripId: string, planId: string) =>
  apiFetch<void>(`${plansPath(tripId)}/${encodeURIComponent(planId)}`, { method: 'DELETE' });
