import { randomBytes } from 'node:crypto';
import { SignJWT, UnsecuredJWT } from 'jose';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { addDays, allEndpoints, sharedTripSchema, toIsoDate, type Endpoint } from '@wayfare/contract';
import {
  startTestApi,
  targetsEmulatorSuite,
  TEST_JWT_SECRET,
  type TestApi,
} from '../test-support/api-server';
import { pathPattern } from './http/guest-sessions';
import { hashInviteToken } from './ledger/invite-links/service';
import { signedInUser, tripWithMembers } from '../test-support/trip-members';

/**
 * The authorization matrix: every /api route called as the trip's owner, a participant, and as people outside it —
 * a stranger, someone invited who has not answered, someone who declined, someone who left (still in the ledger)
 * — and with no, expired, forged and unsigned ('alg: none') tokens. The expected answer of each cell is in the
 * table below; no outsider or bad-token cell may read or change the trip (checked by comparing the trip's data
 * before and after), except the invitee's own invitation and their accepting it.
 */

type Outsider = 'stranger' | 'invited' | 'declined' | 'departed';
type Actor = 'owner' | 'participant' | Outsider;
type BadToken = 'none' | 'expired' | 'forged' | 'algNone';
const OUTSIDERS: Outsider[] = ['stranger', 'invited', 'declined', 'departed'];
const ACTORS: Actor[] = [...OUTSIDERS, 'participant', 'owner'];
const isOutsider = (actor: Actor): actor is Outsider => (OUTSIDERS as Actor[]).includes(actor);
/** The same answer for every outsider. */
const outsiders = (status: number): Record<Outsider, number> => ({
  stranger: status,
  invited: status,
  declined: status,
  departed: status,
});
const BAD_TOKENS: BadToken[] = ['none', 'expired', 'forged', 'algNone'];

interface Fixture {
  tripId: string;
  tripName: string;
  /** Per member (outsiders share the stranger's), the record acted on, so destructive cells never collide. */
  planOf: Record<Actor, string>;
  expenseOf: Record<Actor, string>;
  removableOf: Record<Actor, string>;
  participantId: string;
  ownerId: string;
  /** Someone who never was on the trip, named as a payer. */
  strangerId: string;
  newFriendEmail: Record<Actor, string>;
  /** Invite link tokens of the trip that join nobody: one turned off, one expired. */
  revokedLinkToken: string;
  expiredLinkToken: string;
  /** A guest of the trip, and a claim link of theirs that was turned off. */
  guestId: string;
  revokedClaimToken: string;
  /** A household of the guest alone. */
  householdId: string;
}

interface Row {
  name: string;
  method: 'GET' | 'POST' | 'PUT' | 'DELETE';
  path: (fx: Fixture, actor: Actor) => string;
  body?: (fx: Fixture, actor: Actor) => unknown;
  /** Expected status per actor; bad tokens always get 401. */
  expect: Record<Actor, number>;
  /** The one outsider this row may show the trip to, or let change it (the invitee, about their invitation). */
  invitee?: true;
}

/** Per actor: the members' own value, the stranger's for every outsider. */
const perActor = (members: Record<'owner' | 'participant' | 'stranger', string>): Record<Actor, string> => ({
  ...members,
  invited: members.stranger,
  declined: members.stranger,
  departed: members.stranger,
});

const start = addDays(toIsoDate(new Date()), 5);
const expenseBody = (fx: Fixture) => ({
  title: 'Dinner',
  amount: 30,
  expense_date: start,
  category: 'food',
  paid_by: fx.participantId,
  expense_type: 'group',
});
/** A one-expense Splitwise export whose two people are mapped to the owner and the participant. */
const splitwiseImport = (fx: Fixture) => ({
  csv: `Date,Description,Category,Cost,Currency,P,Q\n${start},Imported taxi,Taxi,10.00,USD,5.00,-5.00\n`,
  mapping: { P: fx.ownerId, Q: fx.participantId },
});
const plan = { plan_date: start, category: 'Attraction', title: 'Castle visit', description: '' };

const TABLE: Row[] = [
  {
    name: 'who am I',
    method: 'GET',
    path: () => '/api/auth/me',
    expect: { owner: 200, participant: 200, ...outsiders(200) },
  },
  {
    // The caller's own account setting "Who can add me to a trip": nobody else's, whatever the trip.
    name: 'set who can add me to a trip',
    method: 'PUT',
    path: () => '/api/auth/me/add-policy',
    body: () => ({ add_policy: 'shared_trip' }),
    expect: { owner: 200, participant: 200, ...outsiders(200) },
  },
  {
    // The caller's own payment handles: each sets only their own.
    name: 'set my payment handles',
    method: 'PUT',
    path: () => '/api/auth/me/payment-handles',
    body: () => ({ payment_handles: { revolut: 'traveller' } }),
    expect: { owner: 200, participant: 200, ...outsiders(200) },
  },
  {
    name: 'list my trips',
    method: 'GET',
    path: () => '/api/trips',
    expect: { owner: 200, participant: 200, ...outsiders(200) },
  },
  {
    name: 'read a trip',
    method: 'GET',
    path: (fx) => `/api/trips/${fx.tripId}`,
    expect: { owner: 200, participant: 200, ...outsiders(404) },
  },
  {
    name: 'edit a trip',
    method: 'PUT',
    path: (fx) => `/api/trips/${fx.tripId}`,
    body: (fx) => ({
      trip_name: fx.tripName,
      start_date: start,
      end_date: addDays(start, 3),
      description: 'Same trip',
    }),
    expect: { owner: 200, participant: 200, ...outsiders(404) },
  },
  {
    name: 'weather of a trip',
    method: 'GET',
    path: (fx) => `/api/trips/${fx.tripId}/weather`,
    expect: { owner: 200, participant: 200, ...outsiders(404) },
  },
  {
    name: 'add a plan',
    method: 'POST',
    path: (fx) => `/api/trips/${fx.tripId}/daily-plans`,
    body: () => plan,
    expect: { owner: 201, participant: 201, ...outsiders(404) },
  },
  {
    name: 'add plans in bulk',
    method: 'POST',
    path: (fx) => `/api/trips/${fx.tripId}/daily-plans/bulk`,
    body: (_fx, actor) => ({ plans: [{ ...plan, title: `Bulk ${actor}` }] }),
    expect: { owner: 201, participant: 201, ...outsiders(404) },
  },
  {
    name: 'edit a plan',
    method: 'PUT',
    path: (fx, actor) => `/api/trips/${fx.tripId}/daily-plans/${fx.planOf[actor]}`,
    body: () => ({ ...plan, title: 'Castle visit, early' }),
    expect: { owner: 200, participant: 200, ...outsiders(404) },
  },
  {
    name: 'delete a plan',
    method: 'DELETE',
    path: (fx, actor) => `/api/trips/${fx.tripId}/daily-plans/${fx.planOf[actor]}`,
    expect: { owner: 204, participant: 204, ...outsiders(404) },
  },
  {
    name: 'download the calendar',
    method: 'GET',
    path: (fx) => `/api/trips/${fx.tripId}/calendar.ics`,
    expect: { owner: 200, participant: 200, ...outsiders(404) },
  },
  ...(['calendar-feed', 'share-link'] as const).flatMap((link): Row[] => [
    {
      name: `read the ${link}`,
      method: 'GET',
      path: (fx) => `/api/trips/${fx.tripId}/${link}`,
      expect: { owner: 200, participant: 200, ...outsiders(404) },
    },
    {
      name: `make a ${link}`,
      method: 'POST',
      path: (fx) => `/api/trips/${fx.tripId}/${link}`,
      expect: { owner: 201, participant: 201, ...outsiders(404) },
    },
    {
      name: `revoke the ${link}`,
      method: 'DELETE',
      path: (fx) => `/api/trips/${fx.tripId}/${link}`,
      expect: { owner: 204, participant: 204, ...outsiders(404) },
    },
  ]),
  {
    name: 'search cities',
    method: 'GET',
    path: () => '/api/places/cities?q=lis',
    expect: { owner: 200, participant: 200, ...outsiders(200) },
  },
  {
    name: 'city photo',
    method: 'GET',
    path: () => '/api/places/photo?city=Lisbon',
    expect: { owner: 200, participant: 200, ...outsiders(200) },
  },
  {
    name: 'overview of my split trips',
    method: 'GET',
    path: () => '/api/trip-split/user/trips',
    expect: { owner: 200, participant: 200, ...outsiders(200) },
  },
  {
    name: 'list participants',
    method: 'GET',
    path: (fx) => `/api/trip-split/trips/${fx.tripId}/participants`,
    expect: { owner: 200, participant: 200, ...outsiders(404) },
  },
  {
    name: 'add a participant',
    method: 'POST',
    path: (fx) => `/api/trip-split/trips/${fx.tripId}/participants`,
    body: (fx, actor) => ({ email: fx.newFriendEmail[actor] }),
    expect: { owner: 201, participant: 201, ...outsiders(404) },
  },
  {
    name: 'remove another participant',
    method: 'DELETE',
    path: (fx, actor) => `/api/trip-split/trips/${fx.tripId}/participants/${fx.removableOf[actor]}`,
    expect: { owner: 204, participant: 403, ...outsiders(404) },
  },
  {
    // Spec §6: the owner is never removed, and does not leave (409); a participant may not remove them (403).
    name: 'remove the owner (the owner: leave)',
    method: 'DELETE',
    path: (fx) => `/api/trip-split/trips/${fx.tripId}/participants/${fx.ownerId}`,
    expect: { owner: 409, participant: 403, ...outsiders(404) },
  },
  {
    // Only the owner hands the trip over ("Make owner"); to themselves it is refused (409), leaving the table's
    // owner in place for the rows below (participants.api.test.ts hands a trip over for real).
    name: 'make someone the owner',
    method: 'PUT',
    path: (fx) => `/api/trip-split/trips/${fx.tripId}/owner`,
    body: (fx) => ({ user_id: fx.ownerId }),
    expect: { owner: 409, participant: 403, ...outsiders(404) },
  },
  {
    // Any member sets anyone's weight (their whole shares in a by_shares split).
    name: "set a participant's weight",
    method: 'PUT',
    path: (fx) => `/api/trip-split/trips/${fx.tripId}/participants/${fx.participantId}/weight`,
    body: () => ({ weight: 2 }),
    expect: { owner: 200, participant: 200, ...outsiders(404) },
  },
  {
    // Where a participant can be paid: the trip's members only, a stranger the same 404 as a missing trip.
    name: "read a participant's payment handles",
    method: 'GET',
    path: (fx) => `/api/trip-split/trips/${fx.tripId}/participants/${fx.participantId}/payment-handles`,
    expect: { owner: 200, participant: 200, ...outsiders(404) },
  },
  {
    name: "list a trip's pending invitations",
    method: 'GET',
    path: (fx) => `/api/trip-split/trips/${fx.tripId}/invitations`,
    expect: { owner: 200, participant: 200, ...outsiders(404) },
  },
  {
    name: 'list my pending invitations',
    method: 'GET',
    path: () => '/api/trip-split/invitations',
    expect: { owner: 200, participant: 200, ...outsiders(200) },
    invitee: true,
  },
  {
    name: "see the trip's invite link",
    method: 'GET',
    path: (fx) => `/api/trip-split/trips/${fx.tripId}/invite-link`,
    expect: { owner: 200, participant: 200, ...outsiders(404) },
  },
  {
    name: 'create an invite link',
    method: 'POST',
    path: (fx) => `/api/trip-split/trips/${fx.tripId}/invite-link`,
    expect: { owner: 201, participant: 201, ...outsiders(404) },
  },
  {
    // The participant turns off the link the row above left; the owner (next) finds none left to turn off.
    name: 'turn off the invite link',
    method: 'DELETE',
    path: (fx) => `/api/trip-split/trips/${fx.tripId}/invite-link`,
    expect: { owner: 404, participant: 204, ...outsiders(404) },
  },
  {
    // A live link's token makes its holder a participant (invite-links.api.test.ts); these join nobody.
    name: 'join by a turned-off link',
    method: 'POST',
    path: (fx) => `/api/trip-split/invite-links/${fx.revokedLinkToken}/join`,
    expect: { owner: 410, participant: 410, ...outsiders(410) },
  },
  {
    name: 'join by an expired link',
    method: 'POST',
    path: (fx) => `/api/trip-split/invite-links/${fx.expiredLinkToken}/join`,
    expect: { owner: 410, participant: 410, ...outsiders(410) },
  },
  {
    name: 'add a guest by name',
    method: 'POST',
    path: (fx) => `/api/trip-split/trips/${fx.tripId}/participants`,
    body: (_fx, actor) => ({ guest_name: `Guest of the ${actor}` }),
    expect: { owner: 201, participant: 201, ...outsiders(404) },
  },
  {
    name: "mint a guest's claim link",
    method: 'POST',
    path: (fx) => `/api/trip-split/trips/${fx.tripId}/guests/${fx.guestId}/claim-link`,
    expect: { owner: 201, participant: 201, ...outsiders(404) },
  },
  {
    // The owner's link (minted after the participant's, replacing it) is turned off by the participant; the owner
    // then finds none left.
    name: "turn off a guest's claim link",
    method: 'DELETE',
    path: (fx) => `/api/trip-split/trips/${fx.tripId}/guests/${fx.guestId}/claim-link`,
    expect: { owner: 404, participant: 204, ...outsiders(404) },
  },
  {
    name: "list a trip's households",
    method: 'GET',
    path: (fx) => `/api/trip-split/trips/${fx.tripId}/households`,
    expect: { owner: 200, participant: 200, ...outsiders(404) },
  },
  {
    // Each member makes a household of themselves (a person is in one household at most).
    name: 'create a household',
    method: 'POST',
    path: (fx) => `/api/trip-split/trips/${fx.tripId}/households`,
    body: (fx, actor) => {
      const self = actor === 'owner' ? fx.ownerId : fx.participantId;
      return { name: `The ${actor}`, member_ids: [self], payer_user_id: self };
    },
    expect: { owner: 201, participant: 201, ...outsiders(404) },
  },
  {
    name: 'create a household from a bad body',
    method: 'POST',
    path: (fx) => `/api/trip-split/trips/${fx.tripId}/households`,
    body: (fx) => ({ name: ' ', member_ids: [fx.guestId], payer_user_id: fx.guestId }),
    expect: { owner: 400, participant: 400, ...outsiders(404) },
  },
  {
    name: 'replace a household',
    method: 'PUT',
    path: (fx) => `/api/trip-split/trips/${fx.tripId}/households/${fx.householdId}`,
    body: (fx) => ({ name: 'Grandpa', member_ids: [fx.guestId], payer_user_id: fx.guestId }),
    expect: { owner: 200, participant: 200, ...outsiders(404) },
  },
  {
    name: 'turn settling by household on',
    method: 'PUT',
    path: (fx) => `/api/trip-split/trips/${fx.tripId}/settle-by-household`,
    body: () => ({ settle_by_household: true }),
    expect: { owner: 200, participant: 200, ...outsiders(404) },
  },
  {
    name: 'turn settling by household on from a bad body',
    method: 'PUT',
    path: (fx) => `/api/trip-split/trips/${fx.tripId}/settle-by-household`,
    body: () => ({ settle_by_household: 1 }),
    expect: { owner: 400, participant: 400, ...outsiders(404) },
  },
  {
    // The participant deletes it first; the owner then finds none.
    name: 'delete a household',
    method: 'DELETE',
    path: (fx) => `/api/trip-split/trips/${fx.tripId}/households/${fx.householdId}`,
    expect: { owner: 404, participant: 204, ...outsiders(404) },
  },
  {
    // A live claim link makes its holder the guest (guests.api.test.ts); this one is turned off.
    name: 'claim a guest by a turned-off link',
    method: 'POST',
    path: (fx) => `/api/trip-split/guest-claims/${fx.revokedClaimToken}/accept`,
    expect: { owner: 410, participant: 410, ...outsiders(410) },
  },
  {
    name: 'list expenses',
    method: 'GET',
    path: (fx) => `/api/trip-split/trips/${fx.tripId}/expenses`,
    expect: { owner: 200, participant: 200, ...outsiders(404) },
  },
  {
    name: 'add an expense',
    method: 'POST',
    path: (fx) => `/api/trip-split/trips/${fx.tripId}/expenses`,
    body: (fx) => expenseBody(fx),
    expect: { owner: 201, participant: 201, ...outsiders(404) },
  },
  {
    name: 'add an expense a stranger paid part of',
    method: 'POST',
    path: (fx) => `/api/trip-split/trips/${fx.tripId}/expenses`,
    body: (fx) => ({
      ...expenseBody(fx),
      payers: [
        { user_id: fx.participantId, amount: 20 },
        { user_id: fx.strangerId, amount: 10 },
      ],
    }),
    expect: { owner: 422, participant: 422, ...outsiders(404) },
  },
  {
    name: "edit the owner's expense",
    method: 'PUT',
    path: (fx) => `/api/trip-split/expenses/${fx.expenseOf.owner}`,
    body: (fx) => ({ ...expenseBody(fx), paid_by: fx.ownerId, title: 'Edited' }),
    expect: { owner: 200, participant: 403, ...outsiders(404) },
  },
  {
    // Members get as far as the missing file (400); the upload itself is tested in ledger/receipts.api.test.ts.
    name: "attach a receipt to the owner's expense",
    method: 'PUT',
    path: (fx) => `/api/trip-split/expenses/${fx.expenseOf.owner}/receipt`,
    body: () => ({}),
    expect: { owner: 400, participant: 403, ...outsiders(404) },
  },
  {
    name: "remove the receipt of the owner's expense",
    method: 'DELETE',
    path: (fx) => `/api/trip-split/expenses/${fx.expenseOf.owner}/receipt`,
    expect: { owner: 200, participant: 403, ...outsiders(404) },
  },
  {
    name: "delete one's own expense",
    method: 'DELETE',
    path: (fx, actor) => `/api/trip-split/expenses/${fx.expenseOf[actor]}`,
    expect: { owner: 204, participant: 204, ...outsiders(404) },
  },
  {
    name: 'export the ledger',
    method: 'GET',
    path: (fx) => `/api/trip-split/trips/${fx.tripId}/export?format=csv`,
    expect: { owner: 200, participant: 200, ...outsiders(404) },
  },
  {
    name: 'preview a Splitwise import',
    method: 'POST',
    path: (fx) => `/api/trip-split/trips/${fx.tripId}/import/preview`,
    body: (fx) => splitwiseImport(fx),
    expect: { owner: 200, participant: 200, ...outsiders(404) },
  },
  {
    name: 'import from Splitwise',
    method: 'POST',
    path: (fx) => `/api/trip-split/trips/${fx.tripId}/import`,
    body: (fx) => splitwiseImport(fx),
    expect: { owner: 201, participant: 201, ...outsiders(404) },
  },
  {
    name: 'list settlements',
    method: 'GET',
    path: (fx) => `/api/trip-split/trips/${fx.tripId}/settlements`,
    expect: { owner: 200, participant: 200, ...outsiders(404) },
  },
  {
    name: 'explain settlements',
    method: 'GET',
    path: (fx) => `/api/trip-split/trips/${fx.tripId}/settlements/explanation`,
    expect: { owner: 200, participant: 200, ...outsiders(404) },
  },
  {
    name: 'calculate settlements',
    method: 'POST',
    path: (fx) => `/api/trip-split/trips/${fx.tripId}/settlements/calculate`,
    expect: { owner: 200, participant: 200, ...outsiders(404) },
  },
  {
    // A custom token for the caller's own Firebase session; which trips it can read is firestore.rules' business.
    name: 'firebase live token (embedded: none)',
    method: 'POST',
    path: () => '/api/trip-split/live-token',
    expect: targetsEmulatorSuite
      ? { owner: 200, participant: 200, ...outsiders(200) }
      : { owner: 404, participant: 404, ...outsiders(404) },
  },
  {
    // The invitee joins here: from the next row on they are a participant.
    name: 'accept an invitation',
    method: 'POST',
    path: (fx) => `/api/trip-split/invitations/${fx.tripId}/accept`,
    expect: { owner: 404, participant: 404, ...outsiders(404), invited: 200 },
    invitee: true,
  },
  {
    name: 'delete a trip',
    method: 'DELETE',
    path: (fx) => `/api/trips/${fx.tripId}`,
    expect: { owner: 204, participant: 403, ...outsiders(404), invited: 403 },
  },
];

/** A real 1×1 PNG. */
const PNG = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg==',
  'base64',
);

describe('authorization matrix over HTTP', () => {
  let api: TestApi;
  let fx: Fixture;
  const tokens = {} as Record<Actor | BadToken, string | undefined>;

  async function call(row: Row, actor: Actor, token: string | undefined) {
    const body = row.body?.(fx, actor);
    return api.call(row.method, row.path(fx, actor), { token, body: body === undefined ? undefined : body });
  }

  /** Everything a member can see of the trip, to prove unauthorised cells change nothing. */
  async function tripState() {
    const as = { token: tokens.owner };
    const [trip, participants, expenses, settlements] = await Promise.all([
      api.call('GET', `/api/trips/${fx.tripId}`, as),
      api.call('GET', `/api/trip-split/trips/${fx.tripId}/participants`, as),
      api.call('GET', `/api/trip-split/trips/${fx.tripId}/expenses`, as),
      api.call('GET', `/api/trip-split/trips/${fx.tripId}/settlements`, as),
    ]);
    const { image_url: _signedUrlChangesEachCall, ...tripBody } = trip.body.trip ?? trip.body;
    return JSON.stringify([tripBody, participants.body, expenses.body, settlements.body]);
  }

  beforeAll(async () => {
    api = await startTestApi({ RATE_LIMIT_AUTH_PER_IP: '100000' });
    const { trip, owner, participant, stranger } = await tripWithMembers(api, {
      start_date: start,
      end_date: addDays(start, 4),
    });
    const extra = await Promise.all([1, 2, 3, 4, 5].map(() => signedInUser(api)));
    const [invited, declined, departed] = await Promise.all([1, 2, 3].map(() => signedInUser(api)));
    tokens.owner = owner.token;
    tokens.participant = participant.token;
    tokens.stranger = stranger.token;
    tokens.invited = invited!.token;
    tokens.declined = declined!.token;
    tokens.departed = departed!.token;
    // Departed: a member when the group expenses below are shared, so still in the ledger after leaving.
    await api.store.members.add(trip.id, departed!.user.id);

    const claims = {
      userId: owner.user.id,
      email: owner.user.email,
      username: owner.user.username,
      first_name: 'A',
      last_name: 'B',
    };
    const key = new TextEncoder().encode(TEST_JWT_SECRET);
    tokens.none = undefined;
    tokens.expired = await new SignJWT(claims)
      .setProtectedHeader({ alg: 'HS256' })
      .setExpirationTime(Math.floor(Date.now() / 1000) - 10)
      .sign(key);
    tokens.forged = await new SignJWT(claims)
      .setProtectedHeader({ alg: 'HS256' })
      .setExpirationTime('1h')
      .sign(new TextEncoder().encode('x'.repeat(48)));
    tokens.algNone = new UnsecuredJWT(claims).setExpirationTime('1h').encode();

    const newPlan = async () =>
      (await api.call('POST', `/api/trips/${trip.id}/daily-plans`, { token: owner.token, body: plan })).body
        .plan?.id ?? (await api.store.plans.list(trip.id)).at(-1)!.id;
    const expenseAs = async (token: string, paidBy: string) =>
      (
        await api.call('POST', `/api/trip-split/trips/${trip.id}/expenses`, {
          token,
          body: {
            title: 'Taxi',
            amount: 12.5,
            expense_date: start,
            category: 'transport',
            paid_by: paidBy,
            expense_type: 'group',
          },
        })
      ).body.expense.id as string;

    const expenseOf = {
      owner: await expenseAs(owner.token, owner.user.id),
      participant: await expenseAs(participant.token, participant.user.id),
      stranger: await expenseAs(owner.token, owner.user.id),
    };
    // Added after the group expenses above, so they owe nothing and may be removed.
    for (const member of extra.slice(0, 2)) await api.store.members.add(trip.id, member.user.id);
    const leaving = await api.call(
      'DELETE',
      `/api/trip-split/trips/${trip.id}/participants/${departed!.user.id}`,
      {
        token: departed!.token,
      },
    );
    for (const person of [invited!, declined!]) {
      // Their own setting asks for an invitation: adding them invites them.
      await api.store.users.setAddPolicy(person.user.id, 'nobody');
      await api.call('POST', `/api/trip-split/trips/${trip.id}/participants`, {
        token: owner.token,
        body: { username: person.user.username },
      });
    }
    const declining = await api.call('POST', `/api/trip-split/invitations/${trip.id}/decline`, {
      token: declined!.token,
    });
    expect([leaving.status, declining.status]).toEqual([204, 204]);
    const linkToken = async (expiresAt: Date) => {
      const token = randomBytes(32).toString('base64url');
      await api.store.inviteLinks.create({
        token_hash: hashInviteToken(token),
        trip_id: trip.id,
        created_by: owner.user.id,
        created_at: new Date().toISOString(),
        expires_at: expiresAt.toISOString(),
        max_uses: null,
      });
      return token;
    };
    const expiredLinkToken = await linkToken(new Date(Date.now() - 1000));
    const revokedLinkToken = await linkToken(new Date(Date.now() + 86_400_000));
    await api.store.inviteLinks.revoke(trip.id, new Date().toISOString());
    const guest = await api.store.guests.add(trip.id, 'Grandpa Joe', owner.user.id);
    if (guest.outcome === 'taken') throw new Error('a new trip has no guests');
    const revokedClaimToken = randomBytes(32).toString('base64url');
    await api.store.guests.createClaimLink({
      token_hash: hashInviteToken(revokedClaimToken),
      trip_id: trip.id,
      guest_id: guest.member.user_id,
      created_by: owner.user.id,
      created_at: new Date().toISOString(),
      expires_at: new Date(Date.now() + 86_400_000).toISOString(),
    });
    await api.store.guests.revokeClaimLink(trip.id, guest.member.user_id, new Date().toISOString());
    const household = await api.store.households.create(trip.id, {
      name: 'Grandpa Joe',
      member_ids: [guest.member.user_id],
      payer_user_id: guest.member.user_id,
    });
    if (household.outcome !== 'saved') throw new Error('the guest is in no household yet');

    fx = {
      guestId: guest.member.user_id,
      revokedClaimToken,
      householdId: household.household.id,
      tripId: trip.id,
      revokedLinkToken,
      expiredLinkToken,
      ownerId: owner.user.id,
      strangerId: stranger.user.id,
      tripName: trip.trip_name,
      participantId: participant.user.id,
      planOf: perActor({ owner: await newPlan(), participant: await newPlan(), stranger: await newPlan() }),
      expenseOf: perActor(expenseOf),
      removableOf: perActor({
        owner: extra[0]!.user.id,
        participant: extra[1]!.user.id,
        stranger: extra[1]!.user.id,
      }),
      newFriendEmail: perActor({
        owner: extra[2]!.user.email,
        participant: extra[3]!.user.email,
        stranger: extra[4]!.user.email,
      }),
    };
  });
  afterAll(() => api.close());

  it('answers 401 to every bad token on every protected route, and changes nothing', async () => {
    const before = await tripState();
    const cells: string[] = [];
    for (const row of TABLE) {
      for (const bad of BAD_TOKENS) {
        const res = await call(row, 'owner', tokens[bad]);
        if (res.status !== 401 || typeof res.body?.error !== 'string')
          cells.push(`${row.name} / ${bad}: ${res.status}`);
      }
    }
    expect(cells).toEqual([]);
    expect(await tripState()).toBe(before);
  });

  it('opens the live stream to members only', async () => {
    const open = async (token?: string) => {
      const controller = new AbortController();
      const res = await fetch(`${api.baseUrl}/api/trip-split/trips/${fx.tripId}/live`, {
        headers: token ? { authorization: `Bearer ${token}` } : {},
        signal: controller.signal,
      });
      const type = res.headers.get('content-type');
      controller.abort();
      return { status: res.status, type };
    };
    for (const bad of BAD_TOKENS) expect((await open(tokens[bad])).status, bad).toBe(401);
    for (const outsider of OUTSIDERS) expect((await open(tokens[outsider])).status, outsider).toBe(404);
    for (const member of ['owner', 'participant'] as const) {
      expect(await open(tokens[member])).toEqual({
        status: 200,
        type: expect.stringContaining('text/event-stream'),
      });
    }
  });

  it('lets only the two parties or the owner mark a settlement paid', async () => {
    const { body } = await api.call('POST', `/api/trip-split/trips/${fx.tripId}/settlements/calculate`, {
      token: tokens.owner,
    });
    const pending = (body.settlements as Array<{ id: string; settled_at: string | null }>).filter(
      (s) => !s.settled_at,
    );
    expect(pending.length).toBeGreaterThan(0);
    const target = pending[0]!.id;
    const mark = (token?: string) => api.call('PUT', `/api/trip-split/settlements/${target}/paid`, { token });
    for (const bad of BAD_TOKENS) expect((await mark(tokens[bad])).status, bad).toBe(401);
    for (const outsider of OUTSIDERS) expect((await mark(tokens[outsider])).status, outsider).toBe(404);
    expect((await mark(tokens.owner)).status).toBe(200);
    expect((await mark(tokens.owner)).status).toBe(409);
  });

  it("stops a removed member's signed image link at once, and never lets one member's link serve another", async () => {
    const { trip, owner, participant, stranger } = await tripWithMembers(api);
    const form = new FormData();
    for (const [key, value] of Object.entries({
      trip_name: 'Image trip',
      description: 'With a cover',
      start_date: start,
      end_date: addDays(start, 2),
    }))
      form.set(key, value);
    form.set('image', new Blob([new Uint8Array(PNG)], { type: 'image/png' }), 'cover.png');
    const put = await fetch(`${api.baseUrl}/api/trips/${trip.id}`, {
      method: 'PUT',
      headers: { authorization: `Bearer ${owner.token}` },
      body: form,
    });
    expect(put.status).toBe(200);
    const linkOf = async (token: string) =>
      String((await api.call('GET', `/api/trips/${trip.id}`, { token })).body.image_url);
    const participantLink = await linkOf(participant.token);
    const fetchStatus = async (url: string) => (await fetch(api.baseUrl + url)).status;
    expect(await fetchStatus(participantLink)).toBe(200);
    // The link names its member: swapping in someone else's id breaks the signature.
    expect(await fetchStatus(participantLink.replace(participant.user.id, stranger.user.id))).toBe(404);

    const removed = await api.call(
      'DELETE',
      `/api/trip-split/trips/${trip.id}/participants/${participant.user.id}`,
      { token: owner.token },
    );
    expect(removed.status).toBeLessThan(300);
    const gone = await fetch(api.baseUrl + participantLink);
    expect(gone.status).toBe(404);
    expect(await gone.json()).toEqual({ error: expect.any(String) });
    expect(await fetchStatus(await linkOf(owner.token))).toBe(200);
  });

  it('lets a share link read only the shared plan, write nothing, and stop when revoked', async () => {
    const made = await api.call('POST', `/api/trips/${fx.tripId}/share-link`, { token: tokens.participant });
    const path = `/api${made.body.link.path as string}`;
    const shareToken = path.split('/').pop()!;
    const feed = await api.call('POST', `/api/trips/${fx.tripId}/calendar-feed`, { token: tokens.owner });
    const feedToken = (feed.body.link.path as string)
      .split('/')
      .pop()!
      .replace(/\.ics$/, '');
    const before = await tripState();

    // What it opens: the itinerary, guide and map places (a strict schema: nothing else), and the weather.
    const shared = await api.call('GET', path);
    expect(shared.status).toBe(200);
    expect(sharedTripSchema.parse(shared.body).daily_plans.length).toBeGreaterThan(0);
    expect((await api.call('GET', `${path}/weather`)).status).toBe(200);

    const cells: string[] = [];
    // As a session token it opens no route of the table: no ledger, no members, no writes.
    for (const row of TABLE) {
      const res = await call(row, 'owner', shareToken);
      if (res.status !== 401) cells.push(`${row.name} / share token: ${res.status}`);
    }
    // Nothing beside the shared paths answers it, and no method but GET.
    const probes: Array<[Row['method'], string]> = [
      ['POST', path],
      ['PUT', path],
      ['DELETE', path],
      ['POST', `${path}/weather`],
      ['GET', `${path}/expenses`],
      ['GET', `${path}/participants`],
      ['POST', `${path}/daily-plans`],
      ['GET', `/api/calendar/${fx.tripId}/${shareToken}.ics`],
      ['GET', `/api/shared/${fx.tripId}/${feedToken}`],
    ];
    for (const [method, probe] of probes) {
      const res = await api.call(method, probe, { body: method === 'GET' ? undefined : plan });
      if (res.status !== 404 || typeof res.body?.error !== 'string')
        cells.push(`${method} ${probe}: ${res.status}`);
    }
    expect(cells).toEqual([]);
    expect(await tripState()).toBe(before);

    expect(
      (await api.call('DELETE', `/api/trips/${fx.tripId}/share-link`, { token: tokens.owner })).status,
    ).toBe(204);
    const revoked = await api.call('GET', path);
    expect(revoked.status).toBe(410);
    expect(revoked.body).toEqual({ error: expect.any(String) });
  });

  it("lets a guest session make only the catalogue's guest calls on its own trip, and a guest of another trip none", async () => {
    const liveLink = async (tripId: string, createdBy: string) => {
      const token = randomBytes(32).toString('base64url');
      await api.store.inviteLinks.create({
        token_hash: hashInviteToken(token),
        trip_id: tripId,
        created_by: createdBy,
        created_at: new Date().toISOString(),
        expires_at: new Date(Date.now() + 86_400_000).toISOString(),
        max_uses: null,
      });
      return token;
    };
    const guestSession = async (link: string, body: unknown) =>
      (await api.call('POST', `/api/trip-split/invite-links/${link}/guest-session`, { body })).body
        .token as string;
    const ownGuest = await guestSession(await liveLink(fx.tripId, fx.ownerId), { guest_id: fx.guestId });
    const other = await tripWithMembers(api);
    const otherGuest = await guestSession(await liveLink(other.trip.id, other.owner.user.id), {
      guest_name: 'Max',
    });
    const guestCalls = Object.values(allEndpoints as Record<string, Endpoint>).filter((e) => e.guestSession);
    const guestMayCall = (row: Row) =>
      guestCalls.some(
        (e) => e.method === row.method && pathPattern(e).test(row.path(fx, 'participant').split('?')[0]!),
      );

    const before = await tripState();
    const cells: string[] = [];
    for (const row of TABLE) {
      // The calls a guest may make are the guest-sessions suite's; every other one is refused before any step.
      if (!guestMayCall(row)) {
        const own = await call(row, 'participant', ownGuest);
        if (own.status !== 401) cells.push(`${row.name} / guest: ${own.status}`);
      }
      const outsider = await call(row, 'stranger', otherGuest);
      // Firebase mode's live token is the caller's own Firestore sign-in, of no trip: theirs to have.
      const ownSignIn = targetsEmulatorSuite && row.path(fx, 'stranger') === '/api/trip-split/live-token';
      if (!ownSignIn && ![401, 404].includes(outsider.status))
        cells.push(`${row.name} / other trip's guest: ${outsider.status}`);
    }
    expect(cells).toEqual([]);
    expect(await tripState()).toBe(before);
    await api.store.inviteLinks.revoke(fx.tripId, new Date().toISOString());
  });

  // Last: its final row deletes the trip.
  // A test per row, in the table's order: each its own ceiling (the whole table took over a minute on a busy machine).
  for (const row of TABLE) {
    it(`gives each actor the answer in the table, and outsiders learn and change nothing: ${row.name}`, async () => {
      const mismatches: string[] = [];
      for (const actor of ACTORS) {
        // The invitee's own invitation (and accepting it) is the one thing of the trip an outsider may touch.
        const watched = isOutsider(actor) && !(row.invitee && actor === 'invited');
        const before = watched ? await tripState() : '';
        const res = await call(row, actor, tokens[actor]);
        if (res.status !== row.expect[actor])
          mismatches.push(`${row.name} / ${actor}: ${res.status} ${JSON.stringify(res.body)}`);
        if (res.status >= 400 && typeof res.body?.error !== 'string')
          mismatches.push(`${row.name} / ${actor}: no error field`);
        if (watched) {
          if (JSON.stringify(res.body ?? '').includes(fx.tripId))
            mismatches.push(`${row.name} / ${actor}: leaked the trip`);
          if ((await tripState()) !== before) mismatches.push(`${row.name} / ${actor}: changed the trip`);
        }
      }
      expect(mismatches).toEqual([]);
    });
  }
});
