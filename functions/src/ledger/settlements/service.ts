/**
 * Settlements (spec §5, §7): the list, "how we got here", the calculation (calculation.ts), marking one paid, and
 * the trip's home currency every amount of its ledger is in. A settlement may be marked paid by its payer, its
 * payee, or the owner. The caller's membership comes resolved with the request (../scope.ts).
 */
import {
  HOME_CURRENCY_LOCKED,
  SETTLEMENT_REPLACED,
  balanceCents,
  balanceDollars,
  explainLedger,
  homeCurrencyOf,
  householdTotals,
  minorToMajor,
  type HouseholdExplanation,
  type LedgerChangeKind,
  type MarkPaidBody,
  type MemberExplanation,
  type Settlement,
  type SettlementExplanationResponse,
} from '@wayfare/contract';
import { HttpError } from '../../http/errors';
import type { SettlementRecord, Store, UserRecord } from '../../store/types';
import { TRIP_NOT_FOUND } from '../../trips/access';
import type { LedgerNotices } from '../../store/port/ledger-notices';
import { peopleOf } from '../people';
import type { SettlementScope, TripScope } from '../scope';
import type { SettlementPlanner } from './planner';
import { createSettlementCalculations } from './calculation';
import { toSettlement } from './views';

export const SETTLEMENT_NOT_FOUND = 'Settlement not found';

export function createSettlementService({
  store,
  notices,
  planner,
}: {
  store: Store;
  notices: LedgerNotices;
  /** Settlement plans, one per app (it owns a worker thread). */
  planner: SettlementPlanner;
}) {
  /** Tells the trip's open ledger pages of a committed write (the one place this service emits). */
  const emit = (kind: LedgerChangeKind, tripId: string, subjectId: string) =>
    notices.changed({ kind, trip_id: tripId, subject_id: subjectId, at: new Date().toISOString() });

  const calculations = createSettlementCalculations({
    store,
    planner,
    calculated: (tripId) => emit('settlements.calculated', tripId, tripId),
  });

  async function settlementViews(tripId: string, records: SettlementRecord[]) {
    const [person, trip] = await Promise.all([
      peopleOf(
        store,
        await store.members.list(tripId),
        records.flatMap((r) => [r.from_user_id, r.to_user_id]),
      ),
      store.trips.listFields(tripId),
    ]);
    const home = homeCurrencyOf(trip ?? {});
    return records.map((record) => toSettlement(record, person, home));
  }

  /**
   * A pending settlement that a recalculation replaced, or changed from the amount the caller saw, answers 409 with
   * the trip's current list (a replaced one only to members; to anyone else it stays a 404), so a member who saw
   * the old list can mark the current transfer instead.
   */
  async function refuseIfReplaced(user: UserRecord, id: string) {
    const tripId = await store.ledger.replacedSettlementTrip(id);
    if (tripId && (await store.members.roleOf(tripId, user.id))) await refuseAsRecalculated(tripId);
  }
  async function refuseAsRecalculated(tripId: string): Promise<never> {
    const settlements = await settlementViews(tripId, await store.ledger.listSettlements(tripId));
    throw new HttpError(409, SETTLEMENT_REPLACED, undefined, { settlements });
  }

  return {
    /** The settlement and the caller's role on its trip; a replaced one answers 409 to members, else 404. */
    async settlementScopeOf(user: UserRecord, id: string): Promise<SettlementScope> {
      const settlement = await store.ledger.getSettlement(id);
      const role = settlement && (await store.members.roleOf(settlement.trip_id, user.id));
      if (!settlement) await refuseIfReplaced(user, id);
      if (!settlement || !role) throw new HttpError(404, SETTLEMENT_NOT_FOUND);
      return { user, settlement, role };
    },

    async listSettlements({ trip }: TripScope): Promise<Settlement[]> {
      return settlementViews(trip.id, await store.ledger.listSettlements(trip.id));
    },

    /**
     * "How we got here": each member's paid, share and balance, and the settlements that settle it. No write. While
     * the trip settles by household, each member also names their household, and each household has its summed
     * balance and what is left open of it.
     */
    async explainSettlements({ trip }: TripScope): Promise<SettlementExplanationResponse> {
      // Each person's running totals, kept with every expense write: the expenses themselves are not read.
      const [members, { totals, settlements: records }, { settle_by_household, households }] =
        await Promise.all([
          store.members.list(trip.id),
          store.ledger.ledgerState(trip.id),
          store.households.list(trip.id),
        ]);
      const explained = explainLedger(
        members.map((m) => m.user_id),
        totals,
        records.map((r) => ({
          id: r.id,
          from: r.from_user_id,
          to: r.to_user_id,
          amount_minor: r.amount_minor,
        })),
      );
      const person = await peopleOf(store, members, [
        ...explained.map((e) => e.user_id),
        ...records.flatMap((r) => [r.from_user_id, r.to_user_id]),
      ]);
      const home = homeCurrencyOf(trip);
      const householdOf = new Map(households.flatMap((h) => h.member_ids.map((id) => [id, h.id] as const)));
      const answer: SettlementExplanationResponse = {
        members: explained.map((e): MemberExplanation => ({
          ...person(e.user_id),
          ...balanceCents(e),
          settlement_ids: e.settlement_ids,
          unsettled_cents: e.unsettled_minor,
          ...balanceDollars(e, home),
          unsettled: minorToMajor(e.unsettled_minor, home),
          ...(settle_by_household && { household_id: householdOf.get(e.user_id) ?? null }),
        })),
        settlements: records.map((record) => toSettlement(record, person, home)),
      };
      if (!settle_by_household) return answer;
      return {
        ...answer,
        households: households.map((household): HouseholdExplanation => {
          const { balance_minor, unsettled_minor } = householdTotals(explained, household);
          return {
            id: household.id,
            name: household.name,
            payer_user_id: household.payer_user_id,
            member_ids: household.member_ids,
            balance_cents: balance_minor,
            balance: minorToMajor(balance_minor, home),
            unsettled_cents: unsettled_minor,
            unsettled: minorToMajor(unsettled_minor, home),
          };
        }),
      };
    },

    calculateSettlementsJson: calculations.json,

    async markSettlementPaid(
      { user, settlement, role }: SettlementScope,
      body: MarkPaidBody = {},
    ): Promise<Settlement> {
      const { id } = settlement;
      if (role !== 'owner' && settlement.from_user_id !== user.id && settlement.to_user_id !== user.id) {
        throw new HttpError(
          403,
          'Only the two people in this settlement, or the trip owner, can mark it paid',
        );
      }
      if (settlement.settled_at) throw new HttpError(409, 'This settlement is already marked as paid');
      const paid = await store.ledger.markSettlementPaid(id, new Date().toISOString(), body.amount, user.id);
      if (!paid) await refuseIfReplaced(user, id);
      if (!paid) throw new HttpError(404, SETTLEMENT_NOT_FOUND);
      // Recalculated to another amount since the caller saw it: nothing was marked.
      if (!paid.settled_at) await refuseAsRecalculated(paid.trip_id);
      calculations.forget(paid.trip_id);
      await emit('settlement.paid', paid.trip_id, id);
      const [view] = await settlementViews(paid.trip_id, [paid]);
      return view as Settlement;
    },

    /** Any member may choose the trip's home currency while its ledger is empty (every stored amount is in it). */
    async setHomeCurrency({ trip, user }: TripScope, currency: string): Promise<string> {
      const outcome = await store.trips.setHomeCurrency(trip.id, currency, user.id);
      if (outcome === 'not-found') throw new HttpError(404, TRIP_NOT_FOUND);
      if (outcome === 'in-use') throw new HttpError(409, HOME_CURRENCY_LOCKED);
      await emit('trip.home_currency', trip.id, trip.id);
      return currency;
    },
  };
}

export type SettlementService = ReturnType<typeof createSettlementService>;
