import {
  downloadCalendar as downloadCalendarEndpoint,
  endpointUrl,
  getCalendarFeed,
  getShareLink,
  makeCalendarFeed,
  makeShareLink,
  revokeCalendarFeed,
  revokeShareLink,
  sharedPhoto,
  sharedTrip,
  sharedWeather,
  type LinkKind,
  type SharedTrip,
} from '@wayfare/contract';
import { callEndpoint, downloadEndpoint } from '@/shared/callEndpoint';

const SLOT = {
  calendar: { get: getCalendarFeed, make: makeCalendarFeed, revoke: revokeCalendarFeed },
  share: { get: getShareLink, make: makeShareLink, revoke: revokeShareLink },
} as const satisfies Record<LinkKind, unknown>;

export const fetchLink = async (tripId: string, kind: LinkKind, signal?: AbortSignal) =>
  (await callEndpoint(SLOT[kind].get, { params: { tripId }, signal })).link;

/** A new link; the one it replaces stops working. */
export const makeLink = async (tripId: string, kind: LinkKind) =>
  (await callEndpoint(SLOT[kind].make, { params: { tripId } })).link;

export const revokeLink = (tripId: string, kind: LinkKind) =>
  callEndpoint(SLOT[kind].revoke, { params: { tripId } });

export const downloadCalendar = (tripId: string) =>
  downloadEndpoint(downloadCalendarEndpoint, 'text/calendar', { params: { tripId } }).then(
    ({ blob }) => blob,
  );

export const fetchSharedTrip = (tripId: string, token: string, signal?: AbortSignal): Promise<SharedTrip> =>
  callEndpoint(sharedTrip, { params: { tripId, token }, signal });

export const fetchSharedWeather = (tripId: string, token: string, signal?: AbortSignal) =>
  callEndpoint(sharedWeather, { params: { tripId, token }, signal });

/** The trip's city photo for a share link's holder: the server picks the city, the page only the width. */
export const sharedPhotoPath = (tripId: string, token: string, maxWidth: number) =>
  endpointUrl(sharedPhoto, { params: { tripId, token }, query: { maxWidth } });

/** The address to copy: the link's path on this site. */
export const absoluteUrl = (path: string, origin = window.location.origin) => new URL(path, origin).href;

/** Calendar apps subscribe to webcal:// addresses (the same address, fetched over https). */
export const webcalUrl = (url: string) => url.replace(/^https?:/, 'webcal:');
