import { addDays, createTripBody, EMPTY_ANSWERS, toIsoDate, type QuestionAnswers } from '@wayfare/contract';
import type { NewTrip, UserRecord } from '../src/store/types';
import { newTrip, newUser } from './store-adapters';
import type { TestApi } from './api-server';

/** A user straight in the store, with a session token from the app's own token service. */
export async function signedInUser(api: TestApi): Promise<{ user: UserRecord; token: string }> {
  const user = await api.store.users.create(newUser());
  const { id: userId, email, username, first_name, last_name } = user;
  return { user, token: await api.tokens.issue({ userId, email, username, first_name, last_name }) };
}

/** An owner, a participant, a stranger and a trip the first two share. */
export async function tripWithMembers(api: TestApi, overrides: Partial<NewTrip> = {}) {
  const [owner, participant, stranger] = await Promise.all([
    signedInUser(api),
    signedInUser(api),
    signedInUser(api),
  ]);
  const trip = await api.store.trips.create(owner.user.id, newTrip(overrides));
  await api.store.members.add(trip.id, participant.user.id);
  return { trip, owner, participant, stranger };
}

/** The first day of LISBON_ANSWERS' trip: a week from today. */
export const TRIP_START = addDays(toIsoDate(new Date()), 7);

/** The question flow's answers for four days in Lisbon, a couple who enjoy food and culture. */
export const LISBON_ANSWERS: QuestionAnswers = {
  ...EMPTY_ANSWERS,
  destination: 'Lisbon, Portugal',
  dates: '4-7 days',
  startDate: TRIP_START,
  endDate: addDays(TRIP_START, 3),
  budget: 'Moderate',
  interests: ['Food & Dining', 'Culture & History'],
  travelStyle: 'Couple',
};

/** POST /api/trips as the question flow sends LISBON_ANSWERS (no place picked from the suggestions). */
export const createLisbonTrip = (api: TestApi, token: string) =>
  api.call('POST', '/api/trips', { token, body: createTripBody(LISBON_ANSWERS, null) });
