/**
 * What a guest session (contract/src/guest-sessions.ts) may call, decided in one place for every router: the
 * endpoint catalogue marks those entries `guestSession`, and requireAuth refuses a guest session anything else with
 * 401 before any other step runs (an upload, a scope, a rate limit). A session also lives only as long as its guest
 * is still a member of its trip and the trip still has an invite link nobody turned off: both are read on each of
 * its requests (two point reads), so removing the guest or turning the link off ends it at the next request. A
 * claimed guest's user record is gone, which ends the session before any of this.
 */
import type { Request } from 'express';
import { allEndpoints, type Endpoint } from '@wayfare/contract';
import type { Store, UserRecord } from '../store/types';

/** The entry's paths, as Express matches them: any one segment for a param, a trailing slash, any case. */
export const pathPattern = (entry: Endpoint) =>
  new RegExp(`^/api${entry.path.replace(/\./g, '\\.').replace(/:\w+/g, '[^/]+')}/?$`, 'i');

const GUEST_ROUTES = Object.values(allEndpoints as Record<string, Endpoint>)
  .filter((entry) => entry.guestSession)
  .map((entry) => ({ method: entry.method, pattern: pathPattern(entry) }));

/** Whether the request is one of the calls the catalogue lets a guest session make. */
export function guestSessionMayCall(req: Request): boolean {
  const path = req.originalUrl.split('?', 1)[0] ?? '';
  const method = req.method === 'HEAD' ? 'GET' : req.method;
  return GUEST_ROUTES.some((route) => route.method === method && route.pattern.test(path));
}

/** Whether the guest session for `tripId` still holds: its guest a member of the trip, the trip's link not off. */
export async function guestSessionLive(store: Store, guest: UserRecord, tripId: string): Promise<boolean> {
  if (guest.guest_trip_id !== tripId) return false;
  const [role, link] = await Promise.all([
    store.members.roleOf(tripId, guest.id),
    store.inviteLinks.active(tripId),
  ]);
  return role !== null && link !== null;
}
