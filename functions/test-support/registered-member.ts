import { newTrip } from './store-adapters';
import type { TestApi } from './api-server';

let registered = 0;

/**
 * A member signed up and logged in through the API itself (POST /api/auth/register, then /login), as a client
 * would: its id, its session token and the account it was made with. Users made straight in the store are
 * `signedInUser` (trip-members.ts).
 */
export async function registerMember(api: TestApi, first = 'ana', prefix = 'member') {
  registered += 1;
  const tag = `${Date.now().toString(36)}${registered}`;
  const account = {
    username: `${prefix}_${tag}`,
    email: `${prefix}.${tag}@example.com`,
    password: 'a long enough password',
    first_name: first,
    last_name: 'tester',
  };
  const signedUp = await api.call('POST', '/api/auth/register', { body: account });
  const login = await api.call('POST', '/api/auth/login', {
    body: { email: account.email, password: account.password },
  });
  return { id: signedUp.body.user.id as string, token: login.body.token as string, ...account };
}

export type RegisteredMember = Awaited<ReturnType<typeof registerMember>>;

/** Ana (owner), Bea and Cai registered through the API on one trip, and calls on its expenses. */
export async function tripOfThree(api: TestApi, prefix: string) {
  const ana = await registerMember(api, 'ana', prefix);
  const bea = await registerMember(api, 'bea', prefix);
  const cai = await registerMember(api, 'cai', prefix);
  const tripId = (await api.store.trips.create(ana.id, newTrip())).id;
  for (const friend of [bea, cai]) {
    await new Promise((r) => setTimeout(r, 2)); // distinct joining times keep the member order fixed
    await api.store.members.add(tripId, friend.id);
  }
  const create = (who: RegisteredMember, body: unknown) =>
    api.call('POST', `/api/trip-split/trips/${tripId}/expenses`, { token: who.token, body });
  const put = (who: RegisteredMember, id: string, body: unknown) =>
    api.call('PUT', `/api/trip-split/expenses/${id}`, { token: who.token, body });
  const get = (who: RegisteredMember, path: string) =>
    api.call('GET', `/api/trip-split${path}`, { token: who.token });
  return { ana, bea, cai, tripId, create, put, get };
}
