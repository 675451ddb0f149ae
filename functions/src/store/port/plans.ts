import type { DailyPlan, PlanTime } from '@wayfare/contract';

/** A daily plan as stored; its day number is derived from the trip's start date when it is shown. */
export type PlanRecord = Omit<DailyPlan, 'day_number'>;

/**
 * A plan to write; without an order it goes after the plans already on its date. Its time (start and duration)
 * is written as one: without it a new plan is untimed and an updated plan keeps its time.
 */
export type NewPlan = Pick<PlanRecord, 'plan_date' | 'category' | 'title' | 'description'> & {
  order?: number;
} & Partial<PlanTime>;

export interface PlanStore {
  /** The trip's plans by date, then in day order (contract's comparePlans: timed by start time, then untimed). */
  list(tripId: string): Promise<PlanRecord[]>;
  get(tripId: string, planId: string): Promise<PlanRecord | null>;
  create(tripId: string, plan: NewPlan): Promise<PlanRecord>;
  /**
   * Creates the plans that are not duplicates (planDuplicateKey) of the trip's plans or of an earlier plan in the
   * batch, as one atomic write, so two concurrent batches cannot both add the same plan.
   */
  createMany(tripId: string, plans: NewPlan[]): Promise<{ plans: PlanRecord[]; skipped: number }>;
  /** Replaces the plan's fields (keeping its order and its time unless given); null when absent. */
  update(tripId: string, planId: string, plan: NewPlan): Promise<PlanRecord | null>;
  delete(tripId: string, planId: string): Promise<boolean>;
}
