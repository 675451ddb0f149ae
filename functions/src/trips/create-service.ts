import { tripLengthDays, type CreateTripBody, type TripView } from '@wayfare/contract';
import type { GuideProvider } from '../ai/types';
import type { TripImages } from '../files/trip-images';
import { cityIndex } from '../places/cities';
import type { Store, UserRecord } from '../store/types';
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
 * Trip creation (spec §4): resolve the destination in the city data, have the guide provider write the AI guide,
 * then store the trip with its owner as first member in one atomic write, and answer it as GET /api/trips/{id} would.
 */
export function createTripCreation(store: Store, guide: GuideProvider, images: TripImages) {
  const trips = createTripService(store, images);
  return {
    async create(user: UserRecord, body: CreateTripBody): Promise<TripView> {
      const city = cityIndex().find(body.destination);
      const place = city?.name ?? cityPart(body.destination);
      const center =
        body.latitude != null && body.longitude != null
          ? { lat: body.latitude, lng: body.longitude }
          : city && { lat: city.latitude, lng: city.longitude };
      const written = await guide.generate({
        destination: body.destination,
        city,
        center,
        startDate: body.startDate,
        endDate: body.endDate,
        budget: body.budgetRange,
        interests: body.interests,
        travelStyle: body.travelStyle,
      });
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
        recommendations: written.recommendations,
        recommendations_provider: written.provider,
        attractions: written.attractions,
        preferences: { ...body.preferences },
      });
      return trips.get(trip.id, user.id);
    },
  };
}
