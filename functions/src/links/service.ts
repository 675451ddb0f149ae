import {
  LINK_NOT_FOUND,
  LINK_REVOKED,
  type Link,
  type LinkKind,
  type PlacePhotoResponse,
  type SharedTrip,
  type TripWeather,
} from '@wayfare/contract';
import { HttpError } from '../http/errors';
import type { PhotoProvider } from '../places';
import type { LinkRecord, Store, TripRecord } from '../store/types';
import { requireTripMember } from '../trips/access';
import { toSharedTrip } from '../trips/view';
import type { WeatherService } from '../weather';
import { tripCalendar } from './ics';
import type { LinkSigner } from './signing';

/** A calendar feed is its member's own; the share link is the trip's (any member makes or revokes it). */
const memberOf = (kind: LinkKind, userId: string) => (kind === 'calendar' ? userId : null);

/** Where a link leads: the feed itself (calendar apps fetch it), or the web app's read-only trip page. */
const linkPath = (kind: LinkKind, tripId: string, token: string) =>
  kind === 'calendar'
    ? `/api/calendar/${encodeURIComponent(tripId)}/${token}.ics`
    : `/shared/${encodeURIComponent(tripId)}/${token}`;

/** What a share link shows beside the trip: its weather and its city's photo, from the app's own services. */
export interface SharedExtras {
  weather: WeatherService;
  photos: PhotoProvider;
}

/**
 * Calendar feeds and share links: members make, read and revoke them; anyone holding one reads what it opens and
 * nothing else, and a revoked or replaced one answers 410 (a forged one 404, as if it never was).
 */
export function createLinkService(store: Store, signer: LinkSigner, { weather, photos }: SharedExtras) {
  const toLink = (link: LinkRecord): Link => ({
    path: linkPath(link.kind, link.trip_id, signer.token(link.kind, link.trip_id, link.id)),
    created_at: link.created_at,
  });

  /** The trip a genuine, live link opens. */
  async function open(kind: LinkKind, tripId: string, token: string): Promise<TripRecord> {
    const id = signer.idOf(kind, tripId, token);
    if (!id) throw new HttpError(404, LINK_NOT_FOUND);
    const link = await store.links.get(tripId, id);
    // A feed dies with its member's place on the trip; a share link outlives the member who made it.
    const [trip, stillMember] = await Promise.all([
      link && store.trips.get(tripId),
      link?.member_id ? store.members.roleOf(tripId, link.member_id) : true,
    ]);
    if (!link || !trip || !stillMember) throw new HttpError(410, LINK_REVOKED);
    return trip;
  }

  return {
    async current(kind: LinkKind, tripId: string, userId: string): Promise<Link | null> {
      await requireTripMember(store, tripId, userId);
      const link = await store.links.current(tripId, kind, memberOf(kind, userId));
      return link && toLink(link);
    },
    async make(kind: LinkKind, tripId: string, userId: string): Promise<Link> {
      await requireTripMember(store, tripId, userId);
      const link = await store.links.replace({
        id: signer.newId(),
        trip_id: tripId,
        kind,
        member_id: memberOf(kind, userId),
        created_by: userId,
      });
      return toLink(link);
    },
    async revoke(kind: LinkKind, tripId: string, userId: string): Promise<void> {
      await requireTripMember(store, tripId, userId);
      await store.links.revoke(tripId, kind, memberOf(kind, userId));
    },

    /** A member's download of the trip's plans. */
    async calendarFor(tripId: string, userId: string) {
      const { trip } = await requireTripMember(store, tripId, userId);
      return { trip, ics: tripCalendar(trip, await store.plans.list(tripId)) };
    },
    async feed(tripId: string, token: string): Promise<string> {
      const trip = await open('calendar', tripId, token);
      return tripCalendar(trip, await store.plans.list(tripId));
    },
    async sharedTrip(tripId: string, token: string): Promise<SharedTrip> {
      const trip = await open('share', tripId, token);
      return toSharedTrip(trip, await store.plans.list(tripId));
    },
    async sharedWeather(tripId: string, token: string): Promise<TripWeather> {
      return weather.forTrip(await open('share', tripId, token));
    },
    /** The photo a member's page shows for the trip's city (as GET /api/places/photo): only the width is asked. */
    async sharedPhoto(tripId: string, token: string, maxWidth: number): Promise<PlacePhotoResponse> {
      const { city_name, trip_name, latitude, longitude } = await open('share', tripId, token);
      const coordinates = latitude !== null && longitude !== null ? { lat: latitude, lng: longitude } : {};
      return photos.photoFor({ city: city_name.trim() || trip_name, maxWidth, ...coordinates });
    },
  };
}
