import {
  linkAnswerSchema,
  sharedTripSchema,
  type LinkKind,
  tripWeatherSchema,
  type SharedTrip,
} from '@wayfare/contract';
import { apiDownload, apiFetch, apiFetchChecked } from '../../shared/api';

const tripPath = (tripId: string) => `/api/trips/${encodeURIComponent(tripId)}`;
const SLOT: Record<LinkKind, string> = { calendar: 'calendar-feed', share: 'share-link' };
const slotPath = (tripId: string, kind: LinkKind) => `${tripPath(tripId)}/${SLOT[kind]}`;

export const fetchLink = async (tripId: string, kind: LinkKind, signal?: AbortSignal) =>
  (await apiFetchChecked(linkAnswerSchema, slotPath(tripId, kind), { signal })).link;

/** A new link; the one it replaces stops working. */
export const makeLink = async (tripId: string, kind: LinkKind) =>
  (await apiFetchChecked(linkAnswerSchema, slotPath(tripId, kind), { method: 'POST' })).link;

export const revokeLink = (tripId: string, kind: LinkKind) =>
  apiFetch<void>(slotPath(tripId, kind), { method: 'DELETE' });

export const downloadCalendar = (tripId: string) =>
  apiDownload(`${tripPath(tripId)}/calendar.ics`, 'text/calendar').then(({ blob }) => blob);

const sharedPath = (tripId: string, token: string) =>
  `/api/shared/${encodeURIComponent(tripId)}/${encodeURIComponent(token)}`;

export const fetchSharedTrip = (tripId: string, token: string, signal?: AbortSignal): Promise<SharedTrip> =>
  apiFetchChecked(sharedTripSchema, sharedPath(tripId, token), { signal });

export const fetchSharedWeather = (tripId: string, token: string, signal?: AbortSignal) =>
  apiFetchChecked(tripWeatherSchema, `${sharedPath(tripId, token)}/weather`, { signal });

/** The trip's city photo for a share link's holder: the server picks the city, the page only the width. */
export const sharedPhotoPath = (tripId: string, token: string, maxWidth: number) =>
  `${sharedPath(tripId, token)}/photo?${new URLSearchParams({ maxWidth: String(maxWidth) })}`;

/** The address to copy: the link's path on this site. */
export const absoluteUrl = (path: string, origin = window.location.origin) => new URL(path, origin).href;

/** Calendar apps subscribe to webcal:// addresses (the same address, fetched over https). */
export const webcalUrl = (url: string) => url.replace(/^https?:/, 'webcal:');
