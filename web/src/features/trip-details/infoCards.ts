import type { TripView } from '@wayfare/contract';
import { formatDateRange } from '@/shared/dates';
import { peopleLabel } from '@/features/trips';

export interface InfoCard {
  key: 'destination' | 'dates' | 'travelers' | 'budget';
  label: string;
  value: string;
}

/** The general-info cards of spec §2: Destination, Dates, Travelers and Budget. */
export function infoCards(
  trip: Pick<
    TripView,
    'city_name' | 'trip_name' | 'start_date' | 'end_date' | 'participant_count' | 'budget_range'
  >,
): InfoCard[] {
  return [
    { key: 'destination', label: 'Destination', value: trip.city_name.trim() || trip.trip_name },
    { key: 'dates', label: 'Dates', value: formatDateRange(trip.start_date, trip.end_date) },
    { key: 'travelers', label: 'Travelers', value: peopleLabel(trip.participant_count) },
    { key: 'budget', label: 'Budget', value: trip.budget_range?.trim() || 'Not specified' },
  ];
}
