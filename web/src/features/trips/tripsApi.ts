import {
  deleteTrip as deleteTripEndpoint,
  getTrip,
  listTrips,
  removeParticipant,
  updateTrip as updateTripEndpoint,
} from '@wayfare/contract';
import { errorMessage } from '@/shared/api';
import { callEndpoint } from '@/shared/callEndpoint';

/** One page of the caller's trips, newest first: the first with cursor '', then each page's next_cursor. */
export const fetchTripPage = (cursor: string, signal?: AbortSignal) =>
  callEndpoint(listTrips, { query: { cursor }, signal });

export const fetchTrip = (tripId: string, signal?: AbortSignal) =>
  callEndpoint(getTrip, { params: { tripId }, signal });

/** Multipart, as spec §7 sends it: trip_name, start_date, end_date, description and an optional image. */
export const updateTrip = (tripId: string, form: FormData) =>
  callEndpoint(updateTripEndpoint, { params: { tripId }, body: form });

export const deleteTrip = (tripId: string) => callEndpoint(deleteTripEndpoint, { params: { tripId } });
/** The caller leaves the trip (spec §7's participant removal, of oneself). */
export const leaveTrip = (tripId: string, userId: string) =>
  callEndpoint(removeParticipant, { params: { tripId, userId } });

/** Spec §8: the server's error field, else the error's message, else 'Failed to load trips'. */
export const tripsLoadError = (error: unknown) =>
  errorMessage(error, error instanceof Error && error.message ? error.message : 'Failed to load trips');
