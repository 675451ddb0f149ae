/**
 * Participants over HTTP: adding a participant adds them (spec §2, §6, §7), each person's own
 * "Who can add me to a trip", the owner who stays and hands the trip over, number_of_people, limits sized for groups.
 * Runs on the embedded server and again in the emulator suite (vitest.config.ts).
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  OWNER_CANNOT_BE_REMOVED,
  OWNER_CANNOT_LEAVE,
  addParticipantResponseSchema,
  invitedInsteadMessage,
  meResponseSchema,
  participantsResponseSchema,
  splitTripsResponseSchema,
  tripListSchema,
  tripViewSchema,
  type Expense,
} from '@wayfare/contract';
import { newTrip, newUser } from '../../test-support/store-adapters';
import { startTestApi, targetsEmulatorSuite, type TestApi } from '../../test-support/api-server';
import { registerMember } from '../../test-support/registered-member';
import { ALREADY_INVITED, ALREADY_PARTICIPANT, NEW_OWNER_NOT_PARTICIPANT } from './membership/service';

let api: TestApi;
type Member = Awaited<ReturnType<typeof registerMember>>;
const member = (first = 'ana'): Promise<Member> => registerMember(api, first, 'adds');

beforeAll(async () => {
  api = await startTestApi({ RATE_LIMIT_AUTH_PER_IP: '100000' });
});
afterAll(() => api.close());

const participantsPath = (tripId: string) => `/api/trip-split/trips/${tripId}/participants`;
const add = (who: Member, tripId: string, body: unknown) =>
  api.call('POST', participantsPath(tripId), { token: who.token, body });
const participantIds = async (who: Member, tripId: string) =>
  participantsResponseSchema
    .parse((await api.call('GET', participantsPath(tripId), { token: who.token })).body)
    .participants.map((p) => p.user_id);
const setPolicy = (who: Member, add_policy: unknown) =>
  api.call('PUT', '/api/auth/me/add-policy', { token: who.token, body: { add_policy } });

describe('adding a participant (spec §2, §6, §7)', () => {
  it('adds by email or username at once: listed, in the next split, in their own trips as Participant', async () => {
    const [ana, bea, cai] = [await member('ana'), await member('bea'), await member('cai')];
    const trip = await api.store.trips.create(ana.id, newTrip());

    const byEmail = await add(ana, trip.id, { email: bea.email.toUpperCase() });
    expect(byEmail.status).toBe(201);
    expect(addParticipantResponseSchema.parse(byEmail.body)).toEqual({
      outcome: 'added',
      participant: expect.objectContaining({ user_id: bea.id, username: bea.username, is_owner: false }),
    });
    // Any participant adds too: Bea adds Cai by username.
    const byUsername = await add(bea, trip.id, { username: ` ${cai.username} ` });
    expect([byUsername.status, byUsername.body.participant?.display_name]).toEqual([201, 'Cai Tester']);
    expect(await participantIds(ana, trip.id)).toEqual([ana.id, bea.id, cai.id]);

    const dinner = await api.call('POST', `/api/trip-split/trips/${trip.id}/expenses`, {
      token: ana.token,
      body: { title: 'Dinner', amount: '90.00', expense_date: '2027-04-11', paid_by: ana.id },
    });
    expect(dinner.status).toBe(201);
    expect((dinner.body.expense as Expense).participants.map((p) => [p.user_id, p.share_cents])).toEqual([
      [ana.id, 3000],
      [bea.id, 3000],
      [cai.id, 3000],
    ]);

    const overview = splitTripsResponseSchema.parse(
      (await api.call('GET', '/api/trip-split/user/trips', { token: cai.token })).body,
    ).trips;
    expect(overview).toEqual([
      expect.objectContaining({
        id: trip.id,
        user_role: 'participant',
        added_by_username: bea.username,
        participant_count: 3,
        number_of_people: 3,
      }),
    ]);
    const list = tripListSchema.parse((await api.call('GET', '/api/trips', { token: cai.token })).body);
    expect(list.map((t) => [t.id, t.user_role, t.added_by_username, t.number_of_people])).toEqual([
      [trip.id, 'participant', bea.username, 3],
    ]);
    const details = tripViewSchema.parse(
      (await api.call('GET', `/api/trips/${trip.id}`, { token: ana.token })).body,
    );
    expect([details.number_of_people, details.participant_count]).toEqual([3, 3]);
    // The owner created the trip: nobody added them.
    const ownList = tripListSchema.parse((await api.call('GET', '/api/trips', { token: ana.token })).body);
    expect(ownList.find((t) => t.id === trip.id)?.added_by_username).toBeNull();
  });

  it('keeps its clear refusals: blank, unknown, duplicate, stranger', async () => {
    const [ana, bea, zed] = [await member('ana'), await member('bea'), await member('zed')];
    const trip = await api.store.trips.create(ana.id, newTrip());
    expect((await add(ana, trip.id, { username: bea.username })).status).toBe(201);
    const refusals: Array<[Member, unknown, number, string]> = [
      [ana, { email: ' ' }, 400, 'Provide an email or a username'],
      [ana, {}, 400, 'Provide an email or a username'],
      [ana, { email: 'nobody@example.com' }, 404, 'No user found with that email'],
      [ana, { username: 'nobody_here' }, 404, 'No user found with that username'],
      [ana, { username: bea.username }, 409, ALREADY_PARTICIPANT],
      [ana, { email: ana.email }, 409, ALREADY_PARTICIPANT],
      [ana, { username: 42 }, 400, expect.any(String)],
      [zed, { username: zed.username }, 404, 'Trip not found'],
    ];
    for (const [who, body, status, error] of refusals) {
      const res = await add(who, trip.id, body);
      expect([res.status, res.body.error], JSON.stringify(body)).toEqual([status, error]);
    }
    expect(await participantIds(ana, trip.id)).toEqual([ana.id, bea.id]);
  });
});

describe('"Who can add me to a trip": each person’s own setting', () => {
  it('is Anyone by default, answered in the session user, and changed only to one of its choices', async () => {
    const bea = await member('bea');
    const me = await api.call('GET', '/api/auth/me', { token: bea.token });
    expect(meResponseSchema.parse(me.body).user).toMatchObject({ id: bea.id, add_policy: 'anyone' });
    const refused = await setPolicy(bea, 'friends');
    expect([refused.status, refused.body.error]).toEqual([400, 'Choose who can add you to a trip']);
    expect(
      (await api.call('PUT', '/api/auth/me/add-policy', { body: { add_policy: 'nobody' } })).status,
    ).toBe(401);
    const changed = await setPolicy(bea, 'nobody');
    expect([changed.status, changed.body.user.add_policy]).toEqual([200, 'nobody']);
    const again = await api.call('GET', '/api/auth/me', { token: bea.token });
    expect(again.body.user.add_policy).toBe('nobody');
  });

  it('Nobody: the add becomes an invitation, answered 202 with a plain message; accepting joins', async () => {
    const [ana, bea] = [await member('ana'), await member('bea')];
    await setPolicy(bea, 'nobody');
    const trip = await api.store.trips.create(ana.id, newTrip());
    const invited = await add(ana, trip.id, { email: bea.email });
    expect(invited.status).toBe(202);
    expect(addParticipantResponseSchema.parse(invited.body)).toEqual({
      outcome: 'invited',
      invitation: {
        trip_id: trip.id,
        user_id: bea.id,
        username: bea.username,
        invited_at: expect.any(String),
      },
      message: invitedInsteadMessage(bea.username),
    });
    expect(JSON.stringify(invited.body)).not.toContain(bea.email);
    expect(await participantIds(ana, trip.id)).toEqual([ana.id]);
    // Invited is not a member: no trip, no ledger, no participants, and no expense may name her.
    for (const url of [
      `/api/trips/${trip.id}`,
      participantsPath(trip.id),
      `/api/trip-split/trips/${trip.id}/expenses`,
    ]) {
      expect((await api.call('GET', url, { token: bea.token })).status, url).toBe(404);
    }
    const naming = await api.call('POST', `/api/trip-split/trips/${trip.id}/expenses`, {
      token: ana.token,
      body: {
        title: 'Dinner',
        amount: '10.00',
        expense_date: '2027-04-11',
        paid_by: ana.id,
        participants: [{ user_id: bea.id, share_amount: '10.00' }],
      },
    });
    expect([naming.status, naming.body.error]).toEqual([
      422,
      'Everyone in the split must be a participant of this trip',
    ]);
    expect([(await add(ana, trip.id, { username: bea.username })).body.error]).toEqual([ALREADY_INVITED]);
    const mine = await api.call('GET', '/api/trip-split/invitations', { token: bea.token });
    expect(mine.body.invitations).toEqual([
      expect.objectContaining({ trip_id: trip.id, invited_by_username: ana.username }),
    ]);
    const accepted = await api.call('POST', `/api/trip-split/invitations/${trip.id}/accept`, {
      token: bea.token,
    });
    expect(accepted.status).toBe(200);
    expect(await participantIds(ana, trip.id)).toEqual([ana.id, bea.id]);
    // Joined by invitation: nobody "added" her.
    const overview = splitTripsResponseSchema.parse(
      (await api.call('GET', '/api/trip-split/user/trips', { token: bea.token })).body,
    ).trips;
    expect(overview[0]?.added_by_username).toBeNull();
  });

  it('People I’ve shared a trip with: added at once by someone in a trip with them, invited by anyone else', async () => {
    const [ana, bea, cai] = [await member('ana'), await member('bea'), await member('cai')];
    await setPolicy(bea, 'shared_trip');
    const shared = await api.store.trips.create(ana.id, newTrip());
    // Nobody shares a trip with Bea yet: even Ana's first add is an invitation.
    expect((await add(ana, shared.id, { username: bea.username })).status).toBe(202);
    await api.call('POST', `/api/trip-split/invitations/${shared.id}/accept`, { token: bea.token });

    const next = await api.store.trips.create(ana.id, newTrip());
    expect((await add(ana, next.id, { username: bea.username })).status).toBe(201);
    const caisTrip = await api.store.trips.create(cai.id, newTrip());
    const fromCai = await add(cai, caisTrip.id, { username: bea.username });
    expect([fromCai.status, fromCai.body.outcome]).toEqual([202, 'invited']);
  });

  it('Anyone again: a direct add clears an invitation still pending', async () => {
    const [ana, bea] = [await member('ana'), await member('bea')];
    await setPolicy(bea, 'nobody');
    const trip = await api.store.trips.create(ana.id, newTrip());
    expect((await add(ana, trip.id, { username: bea.username })).status).toBe(202);
    await setPolicy(bea, 'anyone');
    expect((await add(ana, trip.id, { username: bea.username })).status).toBe(201);
    const pending = await api.call('GET', `/api/trip-split/trips/${trip.id}/invitations`, {
      token: ana.token,
    });
    expect(pending.body.invitations).toEqual([]);
    expect(
      (await api.call('GET', '/api/trip-split/invitations', { token: bea.token })).body.invitations,
    ).toEqual([]);
  });

  it('lets someone added directly leave at once, their balance kept in the ledger', async () => {
    const [ana, bea] = [await member('ana'), await member('bea')];
    const trip = await api.store.trips.create(ana.id, newTrip());
    await add(ana, trip.id, { username: bea.username });
    await api.call('POST', `/api/trip-split/trips/${trip.id}/expenses`, {
      token: ana.token,
      body: { title: 'Taxi', amount: '20.00', expense_date: '2027-04-11', paid_by: ana.id },
    });
    const left = await api.call('DELETE', `${participantsPath(trip.id)}/${bea.id}`, { token: bea.token });
    expect(left.status).toBe(204);
    expect((await api.call('GET', '/api/trip-split/user/trips', { token: bea.token })).body.trips).toEqual(
      [],
    );
    const { body } = await api.call('POST', `/api/trip-split/trips/${trip.id}/settlements/calculate`, {
      token: ana.token,
    });
    expect(body.settlements).toEqual([
      expect.objectContaining({
        amount_cents: 1000,
        payer: expect.objectContaining({ user_id: bea.id, left: true }),
      }),
    ]);
  });
});

describe('the owner stays (spec §6)', () => {
  it('refuses removing the owner and the owner leaving; "Make owner" hands the trip over in one step', async () => {
    const [ana, bea, cai, zed] = [
      await member('ana'),
      await member('bea'),
      await member('cai'),
      await member('zed'),
    ];
    const trip = await api.store.trips.create(ana.id, newTrip());
    await add(ana, trip.id, { username: bea.username });
    await add(ana, trip.id, { username: cai.username });
    const remove = (who: Member, target: Member) =>
      api.call('DELETE', `${participantsPath(trip.id)}/${target.id}`, { token: who.token });
    const makeOwner = (who: Member, user_id: unknown) =>
      api.call('PUT', `/api/trip-split/trips/${trip.id}/owner`, { token: who.token, body: { user_id } });

    expect(await remove(ana, ana).then((r) => [r.status, r.body.error])).toEqual([409, OWNER_CANNOT_LEAVE]);
    expect(await remove(bea, ana).then((r) => [r.status, r.body.error])).toEqual([
      403,
      OWNER_CANNOT_BE_REMOVED,
    ]);
    expect((await api.call('GET', `/api/trips/${trip.id}`, { token: ana.token })).body.user_role).toBe(
      'owner',
    );

    expect(await makeOwner(bea, cai.id).then((r) => [r.status, r.body.error])).toEqual([
      403,
      'Only the trip owner can hand the trip to someone else',
    ]);
    expect(await makeOwner(ana, zed.id).then((r) => [r.status, r.body.error])).toEqual([
      404,
      NEW_OWNER_NOT_PARTICIPANT,
    ]);
    expect((await makeOwner(ana, '')).status).toBe(400);
    expect((await makeOwner(zed, bea.id)).status).toBe(404);

    const handed = await makeOwner(ana, bea.id);
    expect(handed.status).toBe(200);
    expect(
      participantsResponseSchema.parse(handed.body).participants.map((p) => [p.user_id, p.is_owner]),
    ).toEqual([
      [bea.id, true],
      [ana.id, false],
      [cai.id, false],
    ]);
    const asBea = await api.call('GET', `/api/trips/${trip.id}`, { token: bea.token });
    expect([asBea.body.user_role, asBea.body.trip_owner_username]).toEqual(['owner', bea.username]);
    // The new owner cannot be removed; the former owner, now a participant, may leave.
    expect(await remove(ana, bea).then((r) => [r.status, r.body.error])).toEqual([
      403,
      OWNER_CANNOT_BE_REMOVED,
    ]);
    expect(await remove(bea, bea).then((r) => [r.status, r.body.error])).toEqual([409, OWNER_CANNOT_LEAVE]);
    expect((await remove(ana, ana)).status).toBe(204);
    expect(await remove(bea, cai).then((r) => r.status)).toBe(204);
    expect(await remove(bea, bea).then((r) => r.body.error)).toBe(OWNER_CANNOT_LEAVE);
  });
});

describe('limits sized for groups', () => {
  it('adds 60 people to one trip in one sitting', async () => {
    const ana = await member('ana');
    const trip = await api.store.trips.create(ana.id, newTrip());
    const people = await Promise.all(Array.from({ length: 60 }, () => api.store.users.create(newUser())));
    const statuses: number[] = [];
    for (const person of people)
      statuses.push((await add(ana, trip.id, { username: person.username })).status);
    expect(statuses).toEqual(people.map(() => 201));
    expect(await participantIds(ana, trip.id)).toHaveLength(61);
    const details = await api.call('GET', `/api/trips/${trip.id}`, { token: ana.token });
    expect(details.body.number_of_people).toBe(61);
  }, 120_000);

  // A server of its own with low limits: the emulator suite's product runs with the default settings only.
  it.skipIf(targetsEmulatorSuite)(
    'stops one account spraying adds across many trips, and bounds one trip',
    async () => {
      const limited = await startTestApi({
        RATE_LIMIT_ADD_TRIPS_PER_USER: '2',
        RATE_LIMIT_ADDS_PER_TRIP: '3',
      });
      try {
        const owner = await limited.store.users.create(newUser());
        const { id: userId, email, username, first_name, last_name } = owner;
        const token = await limited.tokens.issue({ userId, email, username, first_name, last_name });
        const trips = await Promise.all([1, 2, 3].map(() => limited.store.trips.create(owner.id, newTrip())));
        const addTo = async (tripId: string) => {
          const friend = await limited.store.users.create(newUser());
          return limited.call('POST', participantsPath(tripId), {
            token,
            body: { username: friend.username },
          });
        };
        const [first, second, third] = trips.map((t) => t.id) as [string, string, string];
        const statuses = [];
        for (const tripId of [first, first, first, first, second, third, second]) {
          statuses.push((await addTo(tripId)).status);
        }
        expect(statuses).toEqual([201, 201, 201, 429, 201, 429, 201]);
        const sprayed = await addTo(third);
        expect([sprayed.status, sprayed.body.error, Number(sprayed.headers.get('retry-after')) > 0]).toEqual([
          429,
          'You have added people to too many trips in a short time. Please wait a few minutes and try again.',
          true,
        ]);
        const bounded = await addTo(first);
        expect([bounded.status, bounded.body.error]).toEqual([
          429,
          'Too many people added to this trip. Please wait a few minutes and try again.',
        ]);
      } finally {
        await limited.close();
      }
    },
  );
});
