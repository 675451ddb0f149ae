import type { DocumentData, Firestore } from 'firebase-admin/firestore';
import { comparePlans, planDuplicateKey } from '@wayfare/contract';
import { newPlanRecord } from '../shared/new-records';
import type { NewPlan, PlanRecord, PlanStore } from '../types';

/** Plans written before plans had times have no time fields: they are untimed. */
const fromDoc = (data: DocumentData): PlanRecord => {
  const plan = data as PlanRecord;
  return { ...plan, start_time: plan.start_time ?? null, duration_minutes: plan.duration_minutes ?? null };
};

/** Where each date's next plan goes: after the highest order already on that date. */
function nextOrders(existing: PlanRecord[]) {
  const highest = new Map<string, number>();
  for (const plan of existing)
    highest.set(plan.plan_date, Math.max(highest.get(plan.plan_date) ?? -1, plan.order));
  return (plan: NewPlan) => {
    const order = plan.order ?? (highest.get(plan.plan_date) ?? -1) + 1;
    highest.set(plan.plan_date, Math.max(highest.get(plan.plan_date) ?? -1, order));
    return order;
  };
}

/** Plans live under trips/{id}/plans; a trip's deletion clears them with its other subcollections. */
export function firestorePlans(db: Firestore): PlanStore {
  const plansOf = (tripId: string) => db.collection('trips').doc(tripId).collection('plans');

  return {
    async list(tripId) {
      const snapshot = await plansOf(tripId).get();
      return snapshot.docs.map((doc) => fromDoc(doc.data())).sort(comparePlans);
    },
    async get(tripId, planId) {
      const doc = await plansOf(tripId).doc(planId).get();
      const data = doc.data();
      return data ? fromDoc(data) : null;
    },
    async create(tripId, plan) {
      return db.runTransaction(async (tx) => {
        const sameDay = await tx.get(plansOf(tripId).where('plan_date', '==', plan.plan_date));
        const created = newPlanRecord(
          tripId,
          plan,
          nextOrders(sameDay.docs.map((d) => fromDoc(d.data())))(plan),
        );
        tx.create(plansOf(tripId).doc(created.id), created);
        return created;
      });
    },
    async createMany(tripId, plans) {
      // The transaction reads every plan of the trip, so a concurrent batch makes one of the two retry.
      return db.runTransaction(async (tx) => {
        const existing = (await tx.get(plansOf(tripId))).docs.map((doc) => fromDoc(doc.data()));
        const seen = new Set(existing.map(planDuplicateKey));
        const orderOf = nextOrders(existing);
        const created: PlanRecord[] = [];
        for (const plan of plans) {
          const key = planDuplicateKey(plan);
          if (seen.has(key)) continue;
          seen.add(key);
          const newPlan = newPlanRecord(tripId, plan, orderOf(plan));
          tx.create(plansOf(tripId).doc(newPlan.id), newPlan);
          created.push(newPlan);
        }
        return { plans: created, skipped: plans.length - created.length };
      });
    },
    async update(tripId, planId, plan) {
      const ref = plansOf(tripId).doc(planId);
      const { plan_date, category, title, description, order } = plan;
      try {
        const timed = plan.start_time !== undefined || plan.duration_minutes !== undefined;
        await ref.update({
          plan_date,
          category,
          title,
          description,
          ...(order !== undefined && { order }),
          ...(timed && {
            start_time: plan.start_time ?? null,
            duration_minutes: plan.duration_minutes ?? null,
          }),
        });
      } catch (err) {
        if ((err as { code?: number }).code === 5) return null; // NOT_FOUND
        throw err;
      }
      return fromDoc((await ref.get()).data() as DocumentData);
    },
    async delete(tripId, planId) {
      return db.runTransaction(async (tx) => {
        const ref = plansOf(tripId).doc(planId);
        if (!(await tx.get(ref)).exists) return false;
        tx.delete(ref);
        return true;
      });
    },
  };
}
