import {
  homeCurrencyOf,
  minorToMajor,
  type SplitTripPage,
  type SplitTripsResponse,
  type SplitTripSummary,
  type TripListQuery,
} from '@wayfare/contract';
import type { ImageUrls } from '../files/image-urls';
import type { BodyEncoding } from '../http/encoded-bodies';
import type { MemberTrip, Store } from '../store/types';
import { createCachedLists, listKey, readTripPage } from '../trips/cached-lists';

/**
 * GET /api/trip-split/user/trips: the overview's cards from kept figures — member counts and ledger totals kept on
 * each trip, the caller's share total kept per person by every expense write, read for a whole page at once — and,
 * on a page's first request, the header's figures over all the user's trips.
 */
export function createUserTrips(store: Store, urls: ImageUrls) {
  const cachedJson = createCachedLists(store, urls);

  async function cards(userId: string, trips: MemberTrip[], nowMs: number): Promise<SplitTripSummary[]> {
    const shares = await store.trips.shareTotals(
      userId,
      trips.map((trip) => trip.id),
    );
    return trips.map((trip, index) => ({
      id: trip.id,
      trip_name: trip.trip_name,
      city_name: trip.city_name,
      start_date: trip.start_date,
      end_date: trip.end_date,
      image_url: trip.image_path
        ? urls.urlFor({ tripId: trip.id, imagePath: trip.image_path, viewerId: userId }, nowMs)
        : null,
      user_role: trip.role,
      trip_owner_username: trip.owner_username,
      added_by_username: trip.added_by_username,
      participant_count: trip.member_count,
      number_of_people: trip.member_count,
      expense_count: trip.expense_count,
      total_expenses_cents: trip.total_expenses_minor,
      total_expenses: minorToMajor(trip.total_expenses_minor, homeCurrencyOf(trip)),
      your_share_cents: shares[index] ?? 0,
      home_currency: homeCurrencyOf(trip),
    }));
  }

  return {
    /** Spec §7's `{ trips }` with every trip when no page was asked for, else one page (`SplitTripPage`). */
    json(userId: string, query: TripListQuery, encoding: BodyEncoding | null) {
      return cachedJson(
        listKey('split-trips', userId, query),
        async (nowMs): Promise<SplitTripsResponse | SplitTripPage> => {
          if (!query.paged)
            return { trips: await cards(userId, await store.trips.listForUser(userId), nowMs) };
          const [{ trips, nextCursor }, summary] = await Promise.all([
            readTripPage(store, userId, query),
            query.cursor ? undefined : store.trips.summaryForUser(userId),
          ]);
          return {
            trips: await cards(userId, trips, nowMs),
            next_cursor: nextCursor,
            ...(summary && { summary }),
          };
        },
        encoding,
      );
    },
  };
}

export type UserTrips = ReturnType<typeof createUserTrips>;
