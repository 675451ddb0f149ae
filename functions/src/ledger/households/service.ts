/**
 * Households (contract/src/households.ts): any member lists, creates, replaces and deletes the trip's households and
 * turns settling by household on or off. Each committed change bumps the trip's ledger version in the store (so
 * cached settlement answers miss) and tells open ledger pages, which refetch.
 */
import {
  HOUSEHOLD_MEMBER_NOT_PARTICIPANT,
  HOUSEHOLD_NOT_FOUND,
  alreadyInHousehold,
  type Household,
  type HouseholdBody,
  type HouseholdsResponse,
  type LedgerChangeKind,
} from '@wayfare/contract';
import { HttpError } from '../../http/errors';
import type { LedgerNotices } from '../../store/port/ledger-notices';
import type { HouseholdWrite, Store } from '../../store/types';
import { TRIP_NOT_FOUND } from '../../trips/access';
import type { TripScope } from '../scope';

export function createHouseholdService({ store, notices }: { store: Store; notices: LedgerNotices }) {
  const emit = (kind: LedgerChangeKind, tripId: string, subjectId: string) =>
    notices.changed({ kind, trip_id: tripId, subject_id: subjectId, at: new Date().toISOString() });

  /** The saved household, told to open pages; the refusal as the API words it. */
  async function saved(tripId: string, write: HouseholdWrite): Promise<Household> {
    if (write.outcome === 'not-found') throw new HttpError(404, HOUSEHOLD_NOT_FOUND);
    if (write.outcome === 'not-member') throw new HttpError(400, HOUSEHOLD_MEMBER_NOT_PARTICIPANT);
    if (write.outcome === 'taken') throw new HttpError(409, alreadyInHousehold(write.household));
    await emit('households.changed', tripId, write.household.id);
    return write.household;
  }

  return {
    async list({ trip }: TripScope): Promise<HouseholdsResponse> {
      return store.households.list(trip.id);
    },

    async create({ trip }: TripScope, body: HouseholdBody): Promise<Household> {
      return saved(trip.id, await store.households.create(trip.id, body));
    },

    async update({ trip }: TripScope, householdId: string, body: HouseholdBody): Promise<Household> {
      return saved(trip.id, await store.households.update(trip.id, householdId, body));
    },

    async remove({ trip }: TripScope, householdId: string): Promise<void> {
      if (!(await store.households.remove(trip.id, householdId)))
        throw new HttpError(404, HOUSEHOLD_NOT_FOUND);
      await emit('households.changed', trip.id, householdId);
    },

    async setSettleByHousehold({ trip }: TripScope, on: boolean): Promise<boolean> {
      if (!(await store.households.setSettleByHousehold(trip.id, on)))
        throw new HttpError(404, TRIP_NOT_FOUND);
      await emit('trip.settle_by_household', trip.id, trip.id);
      return on;
    },
  };
}

export type HouseholdService = ReturnType<typeof createHouseholdService>;
