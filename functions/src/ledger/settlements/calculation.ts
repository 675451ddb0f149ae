/**
 * POST /trips/{tripId}/settlements/calculate: callers of one trip at one ledger version share one calculation, and
 * every answer made of the same figures one body.
 */
import { createHash } from 'node:crypto';
import {
  balanceCents,
  balanceDollars,
  homeCurrencyOf,
  type Balance,
  type CalculateSettlementsResponse,
  type LedgerBalance,
  type SettlementPlan,
} from '@wayfare/contract';
import { createEncodedBodies, type BodyEncoding } from '../../http/encoded-bodies';
import { jsonArrayInTurns, jsonObject, jsonOf, nextTurn } from '../../http/typed-json';
import type { Store } from '../../store/types';
import { peopleOf } from '../people';
import type { TripScope } from '../scope';
import { settlingHouseholds } from './households';
import { balancesOf, type SettlementPlanner } from './planner';
import { toSettlement } from './views';

/** Bytes of calculation answers kept, plain and compressed (a 10k-member trip's plain JSON alone is megabytes). */
const CALCULATED_ANSWER_BYTES = 32 * 1024 * 1024;

/** A settlement calculation's outcome: the ETag of what its answer shows, and how to make the answer's JSON. */
interface CalculatedAnswer {
  etag: string;
  make: () => Promise<Buffer>;
}

export function createSettlementCalculations({
  store,
  planner,
  calculated,
}: {
  store: Store;
  /** Settlement plans, one per app (it owns a worker thread). */
  planner: SettlementPlanner;
  /** Told when a calculation changed the pending settlements (the settlement service's notice); not when it kept them. */
  calculated: (tripId: string) => Promise<void>;
}) {
  /** The trip's home currency: the currency of every amount its ledger stores. */
  const homeOf = async (tripId: string) => homeCurrencyOf((await store.trips.listFields(tripId)) ?? {});

  const calculations = new Map<string, Promise<CalculatedAnswer>>();
  // The calculation answers' bodies, plain and compressed, under the hash of what they are made of (a 10k-member
  // answer is megabytes: made once, however many members calculate, concurrently or again and again).
  const calculatedBodies = createEncodedBodies(CALCULATED_ANSWER_BYTES);

  /**
   * Reads each person's totals, not the expenses; the plan comes from the planner (cached per ledger state,
   * shared by concurrent callers, searched off the main thread when large) before the short atomic write that
   * brings the pending settlements in line with it. Answers the ETag of what the answer is made of and how to make
   * its JSON, so a body made before is sent again without building anything.
   */
  async function calculate(tripId: string, actorId: string): Promise<CalculatedAnswer> {
    // Each read of thousands of rows is synchronous in the embedded store: other requests get a turn between them.
    const [members, grouping] = await Promise.all([
      store.members.list(tripId),
      settlingHouseholds(store, tripId),
    ]);
    const memberIds = members.map((m) => m.user_id);
    await nextTurn();
    const read = await store.ledger.ledgerState(tripId);
    await planner.plan(tripId, read, balancesOf(memberIds, read), grouping);
    let outcome: { balances: LedgerBalance[]; method: SettlementPlan['method'] } | undefined;
    const { settlements: records, changed } = await store.ledger.recalculateSettlements(
      tripId,
      (ledger) => {
        const balances = balancesOf(memberIds, ledger);
        const plan = planner.planNow(tripId, ledger, balances, grouping);
        outcome = { balances, method: plan.method };
        return plan.transfers;
      },
      actorId,
    );
    const { balances, method } = outcome as NonNullable<typeof outcome>;
    if (changed) await calculated(tripId);
    await nextTurn();
    const home = await homeOf(tripId);
    // Everything the answer shows: people's names come with their ids (and never change), "left" from who the
    // members are, every amount from the balances and the settlement records.
    const hash = createHash('sha1')
      .update(`${tripId}\n${home}\n${method}\n${memberIds.join(',')}\n`)
      .update(
        balances
          .map((b) => `${b.user_id} ${b.total_paid_minor} ${b.total_owed_minor} ${b.balance_minor}`)
          .join('\n'),
      )
      .update(
        records
          .map(
            (r) =>
              `\n${r.id} ${r.from_user_id} ${r.to_user_id} ${r.amount_minor} ${r.settled_at} ${r.created_at}`,
          )
          .join(''),
      );
    return {
      etag: `"${hash.digest('base64url')}"`,
      async make() {
        const person = await peopleOf(store, members, [
          ...balances.map((b) => b.user_id),
          ...records.flatMap((r) => [r.from_user_id, r.to_user_id]),
        ]);
        return jsonObject<CalculateSettlementsResponse>({
          balances: await jsonArrayInTurns(balances, (b): Balance => ({
            ...person(b.user_id),
            ...balanceCents(b),
            ...balanceDollars(b, home),
          })),
          settlements: await jsonArrayInTurns(records, (record) => toSettlement(record, person, home)),
          method: jsonOf(method),
        });
      },
    };
  }

  return {
    /** The calculation's answer as JSON in the given coding (plain when null). */
    async json(
      { trip, user }: TripScope,
      encoding: BodyEncoding | null = null,
    ): Promise<{ body: Buffer; etag: string }> {
      const key = `${trip.id}\n${trip.ledger_version}`;
      let flight = calculations.get(key);
      if (!flight) {
        flight = calculate(trip.id, user.id).finally(() => calculations.delete(key));
        calculations.set(key, flight);
      }
      const { etag, make } = await flight;
      return { body: await calculatedBodies.encodeLarge(etag, encoding, make), etag };
    },

    /** A payment changed the trip's ledger: a calculation already under way started before it, and is not joined. */
    forget(tripId: string) {
      for (const key of calculations.keys()) if (key.startsWith(`${tripId}\n`)) calculations.delete(key);
    },
  };
}
