import type { CreateTripInput, CreateTripResponse } from '@wayfare/contract';
import { registerAccount } from './server';

/** Logs an account in through the API; the token and the user id it carries. */
export async function apiLogin(baseUrl: string, account: { email: string; password: string }) {
  const res = await fetch(`${baseUrl}/api/auth/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ email: account.email, password: account.password }),
  });
  if (!res.ok) throw new Error(`login failed: ${res.status}`);
  const { token } = (await res.json()) as { token: string };
  const claims = JSON.parse(Buffer.from(token.split('.')[1] as string, 'base64url').toString()) as {
    userId: string;
  };
  return { token, userId: claims.userId };
}

const isoDay = (offsetDays: number) =>
  new Date(Date.now() + offsetDays * 86_400_000).toISOString().slice(0, 10);

/** Creates a trip through POST /api/trips, as the question flow does, a week from today; its id, name and start. */
export async function createTrip(baseUrl: string, token: string, destination = 'Lisbon') {
  const [startDate, endDate] = [isoDay(7), isoDay(10)];
  const body: CreateTripInput = {
    destination,
    startDate,
    endDate,
    numberOfPeople: 1,
    preferences: {
      destination,
      dates: `${startDate} – ${endDate}`,
      startDate,
      endDate,
      budget: 'Moderate',
      interests: ['Food & Dining'],
      travelStyle: 'Group of friends',
    },
    travelStyle: 'Group of friends',
    budgetRange: 'Moderate',
    interests: ['Food & Dining'],
    latitude: 38.7223,
    longitude: -9.1393,
  };
  const res = await fetch(`${baseUrl}/api/trips`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', authorization: `Bearer ${token}` },
    body: JSON.stringify(body),
  });
  if (res.status !== 201) throw new Error(`creating the trip failed: ${res.status} ${await res.text()}`);
  const { id, trip } = (await res.json()) as CreateTripResponse;
  return { id, name: trip.trip_name, startDate };
}

/**
 * Makes the account a member of the trip: added by the inviter (201), or, where the invitee's own setting asks for
 * an invitation (202), invited and then accepting it.
 */
export async function inviteAndAccept(
  baseUrl: string,
  tripId: string,
  inviterToken: string,
  invitee: { token: string; username: string },
) {
  const post = (path: string, token: string, body?: unknown) =>
    fetch(`${baseUrl}/api/trip-split${path}`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', authorization: `Bearer ${token}` },
      body: body === undefined ? undefined : JSON.stringify(body),
    });
  const invited = await post(`/trips/${tripId}/participants`, inviterToken, { username: invitee.username });
  if (invited.status === 201) return;
  if (invited.status !== 202) throw new Error(`adding failed: ${invited.status}`);
  const accepted = await post(`/invitations/${tripId}/accept`, invitee.token);
  if (accepted.status !== 200) throw new Error(`accept failed: ${accepted.status}`);
}

/** POST /api/trip-split/trips/{tripId}/expenses as the member with `token`: the answer, to check its status. */
export const postExpense = (baseUrl: string, token: string, tripId: string, body: Record<string, unknown>) =>
  fetch(`${baseUrl}/api/trip-split/trips/${tripId}/expenses`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', authorization: `Bearer ${token}` },
    body: JSON.stringify(body),
  });

/**
 * Ana's trip (a week from today), which Bea has been added to: the two sessions (Bea's with her
 * username, to invite her elsewhere) and the trip's id, name and start.
 */
export async function tripOfAnaAndBea(baseUrl: string) {
  const [anaAccount, beaAccount] = [
    await registerAccount(baseUrl, 'ana'),
    await registerAccount(baseUrl, 'bea'),
  ];
  const [ana, bea] = await Promise.all([apiLogin(baseUrl, anaAccount), apiLogin(baseUrl, beaAccount)]);
  const trip = await createTrip(baseUrl, ana.token);
  const beaSession = { ...bea, username: beaAccount.username };
  await inviteAndAccept(baseUrl, trip.id, ana.token, beaSession);
  return { trip, ana, bea: beaSession };
}
