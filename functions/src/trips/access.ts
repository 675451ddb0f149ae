import { dateOutsideTrip } from '@wayfare/contract';
import { HttpError } from '../http/errors';
import type { Store, TripAccess, TripListFields } from '../store/types';

export const TRIP_NOT_FOUND = 'Trip not found';

/**
 * The trip as seen by a member: its list fields (not its guide) and the caller's role, in one read. A stranger gets
 * the same 404 as for a trip that does not exist, so trip ids reveal nothing; callers then check the role for
 * rights that only the owner has (403). A caller that needs the whole trip reads it after this check.
 */
export async function requireTripMember(store: Store, tripId: string, userId: string): Promise<TripAccess> {
  const access = await store.trips.accessFor(tripId, userId);
  if (!access) throw new HttpError(404, TRIP_NOT_FOUND);
  return access;
}

export async function requireTripOwner(store: Store, tripId: string, userId: string, action: string) {
  const access = await requireTripMember(store, tripId, userId);
  requireOwnerRole(access, action);
  return access;
}

/** 403 unless the member (whose membership was checked) owns the trip: for rights only the owner has. */
export function requireOwnerRole({ role }: Pick<TripAccess, 'role'>, action: string) {
  if (role !== 'owner') throw new HttpError(403, `Only the trip owner can ${action}`);
}

/** Rejects (400) a plan or expense date too far from the trip's days to belong to it. */
export function requireDateNearTrip(
  trip: Pick<TripListFields, 'start_date' | 'end_date'>,
  date: string,
  field: string,
) {
  const problem = dateOutsideTrip(date, trip);
  if (problem) throw new HttpError(400, problem, { [field]: problem });
}
