import { dateOutsideTrip, type TripRole } from '@wayfare/contract';
import { HttpError } from '../http/errors';
import type { Store, TripRecord } from '../store/types';

export const TRIP_NOT_FOUND = 'Trip not found';

/**
 * The trip as seen by a member. A stranger gets the same 404 as for a trip that does not exist, so trip ids
 * reveal nothing; callers then check the role for rights that only the owner has (403).
 */
export async function requireTripMember(
  store: Store,
  tripId: string,
  userId: string,
): Promise<{ trip: TripRecord; role: TripRole }> {
  const [trip, role] = await Promise.all([store.trips.get(tripId), store.members.roleOf(tripId, userId)]);
  if (!trip || !role) throw new HttpError(404, TRIP_NOT_FOUND);
  return { trip, role };
}

export async function requireTripOwner(store: Store, tripId: string, userId: string, action: string) {
  const access = await requireTripMember(store, tripId, userId);
  if (access.role !== 'owner') throw new HttpError(403, `Only the trip owner can ${action}`);
  return access;
}

/** Rejects (400) a plan or expense date too far from the trip's days to belong to it. */
export function requireDateNearTrip(trip: TripRecord, date: string, field: string) {
  const problem = dateOutsideTrip(date, trip);
  if (problem) throw new HttpError(400, problem, { [field]: problem });
}
