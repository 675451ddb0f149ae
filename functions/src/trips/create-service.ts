import { tripLengthDays, type CreateTripBody, type TripView } from '@wayfare/contract';
import type { TripImages } from '../files/trip-images';
import { cityIndex } from '../places/cities';
import type { Store, UserRecord } from '../store/types';
import type { GuideJobs } from './guide-jobs';
import { createTripService } from './service';

/** 'Lisbon, Portugal' → 'Lisbon': the city part of what the traveller picked or typed. */
const cityPart = (destination: string) => destination.split(',')[0]?.trim() || destination.trim();

function describe(body: CreateTripBody, place: string): string {
  const days = tripLengthDays(body.startDate, body.endDate);
  const interests = body.interests.length
    ? ` for ${body.interests.join(', ').replace(/, ([^,]*)$/, ' and $1')}`
    : '';
  return `${days} day${days === 1 ? '' : 's'} in ${place}, travelling ${body.travelStyle.toLowerCase()} on a ${body.budgetRange.toLowerCase()} budget${interests}.`;
}

/**
 * Trip creation (spec §4): resolve the destination in the city data, store the trip with its owner as first member
 * in one atomic write and its guide 'writing', hand the guide to the guide jobs, and answer the trip as
 * GET /api/trips/{id} would. A slow writer (Gemini) works after the answer; the offline planner is done before it.
 */
export function createTripCreation(store: Store, guides: GuideJobs, images: TripImages) {
  const trips = createTripService(store, images);
  return {
    async create(user: UserRecord, body: CreateTripBody): Promise<TripView> {
      const city = cityIndex().find(body.destination);
      const place = city?.name ?? cityPart(body.destination);
      const center =
        body.latitude != null && body.longitude != null
          ? { lat: body.latitude, lng: body.longitude }
          : city && { lat: city.latitude, lng: city.longitude };
      const trip = await store.trips.create(user.id, {
        trip_name: `Trip to ${place}`,
        description: describe(body, place),
        city_name: place,
        start_date: body.startDate,
        end_date: body.endDate,
        number_of_people: body.numberOfPeople,
        budget_range: body.budgetRange,
        image_path: null,
        latitude: center?.lat ?? null,
        longitude: center?.lng ?? null,
        guide_status: 'writing',
        recommendations: null,
        recommendations_provider: null,
        attractions: [],
        preferences: { ...body.preferences },
      });
      await guides.start(trip.id);
      return trips.get(trip.id, user.id);
    },
  };
}
