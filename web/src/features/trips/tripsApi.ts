import { tripPageSchema, tripViewSchema } from '@wayfare/contract';
import { apiFetch, apiFetchChecked, errorMessage } from '../../shared/api';

const tripPath = (tripId: string) => `/api/trips/${encodeURIComponent(tripId)}`;

/** One page of the caller's trips, newest first: the first with cursor '', then each page's next_cursor. */
export const fetchTripPage = (cursor: string, signal?: AbortSignal) =>
  apiFetchChecked(tripPageSchema, `/api/trips?${new URLSearchParams({ cursor }).toString()}`, { signal });

export const fetchTrip = (tripId: string, signal?: AbortSignal) =>
  apiFetchChecked(tripViewSchema, tripPath(tripId), { signal });

/** Multipart, as spec §7 sends it: trip_name, start_date, end_date, description and an optional image. */
export const updateTrip = (tripId: string, form: FormData) =>
  apiFetchChecked(tripViewSchema, tripPath(tripId), { method: 'PUT', body: form });

export const deleteTrip = (tripId: string) => apiFetch<void>(tripPath(tripId), { method: 'DELETE' });
/** The caller leaves the trip (spec §7's participant removal, of oneself). */
export const leaveTrip = (tripId: string, userId: string) =>
  apiFetch<void>(
    `/api/trip-split/trips/${encodeURIComponent(tripId)}/participants/${encodeURIComponent(userId)}`,
    { method: 'DELETE' },
  );

/** Spec §8: the server's error field, else the error's message, else 'Failed to load trips'. */
export const tripsLoadError = (error: unknown) =>
  errorMessage(error, error instanceof Error && error.message ? error.message : 'Failed to load trips');
