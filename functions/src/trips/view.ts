import {
  daysBetween,
  homeCurrencyOf,
  minorToMajor,
  type DailyPlan,
  recommendationsAnswer,
  type SharedTrip,
  type TripRole,
  type TripSummary,
  type TripView,
} from '@wayfare/contract';
import type { ImageUrls } from '../files/image-urls';
import type { PlanRecord, TripListFields, TripRecord } from '../store/types';

/**
 * A stored plan as the API shows it: with its 1-based day of the trip. It lives with the trip views that list a
 * trip's plans; the plan service uses it from here, so plans depend on trips and never the other way round.
 */
export const toDailyPlan = (plan: PlanRecord, startDate: string | null): DailyPlan => ({
  ...plan,
  day_number: startDate ? daysBetween(startDate, plan.plan_date) + 1 : 1,
});

/** What a member sees of a trip beside its record. */
export interface TripMembership {
  /** The member the answer is for: their image links work only while they belong to the trip. */
  userId: string;
  role: TripRole;
  participantCount: number;
  ownerUsername: string;
  /** The list's: who added the member directly (null: they joined otherwise). */
  addedByUsername?: string | null;
}

/** The API's list shape of a trip; the image is a signed URL (made as at `nowMs`), never the storage key. */
export function toTripSummary(
  trip: TripListFields,
  membership: TripMembership,
  urls: ImageUrls,
  nowMs = Date.now(),
): TripSummary {
  return {
    id: trip.id,
    trip_name: trip.trip_name,
    description: trip.description,
    city_name: trip.city_name,
    start_date: trip.start_date,
    end_date: trip.end_date,
    // Spec §3's field is the group's size: the member count, as participant_count.
    number_of_people: membership.participantCount,
    budget_range: trip.budget_range,
    image_url: trip.image_path
      ? urls.urlFor({ tripId: trip.id, imagePath: trip.image_path, viewerId: membership.userId }, nowMs)
      : null,
    latitude: trip.latitude,
    longitude: trip.longitude,
    user_role: membership.role,
    trip_owner_username: membership.ownerUsername,
    ...(membership.addedByUsername !== undefined && { added_by_username: membership.addedByUsername }),
    participant_count: membership.participantCount,
    expense_count: trip.expense_count,
    total_expenses_cents: trip.total_expenses_minor,
    total_expenses: minorToMajor(trip.total_expenses_minor, homeCurrencyOf(trip)),
    created_at: trip.created_at,
  };
}

/** The details shape: the summary with the guide, the map's attractions and the daily plans. */
export function toTripView(
  trip: TripRecord,
  membership: TripMembership,
  plans: PlanRecord[],
  urls: ImageUrls,
): TripView {
  return {
    ...toTripSummary(trip, membership, urls),
    guide_status: trip.guide_status,
    recommendations: recommendationsAnswer(trip.recommendations),
    recommendations_provider: trip.recommendations_provider,
    attractions: trip.attractions,
    daily_plans: plans.map((plan) => toDailyPlan(plan, trip.start_date)),
  };
}

/** What a share link shows (contract sharedTripSchema): the itinerary, guide and map places, and nothing else. */
export function toSharedTrip(trip: TripRecord, plans: PlanRecord[]): SharedTrip {
  return {
    id: trip.id,
    trip_name: trip.trip_name,
    city_name: trip.city_name,
    start_date: trip.start_date,
    end_date: trip.end_date,
    latitude: trip.latitude,
    longitude: trip.longitude,
    guide_status: trip.guide_status,
    recommendations: recommendationsAnswer(trip.recommendations),
    recommendations_provider: trip.recommendations_provider,
    attractions: trip.attractions,
    daily_plans: plans.map((plan) => toDailyPlan(plan, trip.start_date)),
  };
}
