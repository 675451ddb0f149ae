import type { NewTrip, UserRecord } from '../store/types';
import { newTrip, newUser } from '../store/test-adapters';
import type { TestApi } from '../test-support/api-server';

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
