import type { DailyPlan, TripView } from '@wayfare/contract';

/** A plan of trip t1 (which starts 2027-03-05) on `plan_date`. */
export function plan(id: string, plan_date: string, extra: Partial<DailyPlan> = {}): DailyPlan {
  return {
    id,
    trip_id: 't1',
    plan_date,
    category: 'Attraction',
    title: id,
    description: '',
    day_number: Number(plan_date.slice(-2)) - 4,
    order: 0,
    start_time: null,
    duration_minutes: null,
    created_at: '2027-01-01T00:00:00.000Z',
    ...extra,
  };
}

/** Trip t1 as GET /api/trips/t1 answers a member: Lisbon, March 5–8 2027, no coordinates (so no weather). */
export function tripView(extra: Partial<TripView> = {}): TripView {
  return {
    id: 't1',
    trip_name: 'Lisbon',
    description: 'Tiles and tarts',
    city_name: 'Lisbon',
    start_date: '2027-03-05',
    end_date: '2027-03-08',
    number_of_people: 1,
    budget_range: null,
    image_url: null,
    latitude: null,
    longitude: null,
    user_role: 'owner',
    trip_owner_username: 'alice',
    participant_count: 1,
    expense_count: 0,
    total_expenses_cents: 0,
    total_expenses: 0,
    created_at: '2027-01-01T00:00:00.000Z',
    guide_status: 'ready',
    recommendations: null,
    recommendations_provider: null,
    attractions: [],
    daily_plans: [],
    ...extra,
  };
}
