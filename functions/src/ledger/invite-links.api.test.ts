/** Joining by link over HTTP: creating, replacing and turning off the link, joining by it, and its limits. */
import { randomBytes } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  INVITE_LINK_EXPIRED,
  INVITE_LINK_REVOKED,
  INVITE_LINK_UNKNOWN,
  INVITE_LINK_USED_UP,
  createdInviteLinkResponseSchema,
  inviteLinkResponseSchema,
  joinByLinkResponseSchema,
} from '@wayfare/contract';
import { startTestApi, targetsEmulatorSuite, type TestApi } from '../../test-support/api-server';
import { signedInUser, tripWithMembers } from '../../test-support/trip-members';
import { hashInviteToken } from './invite-links/service';

let api: TestApi;
beforeAll(async () => {
  api = await startTestApi();
});
afterAll(() => api.close());

const linkPath = (tripId: string) => `/api/trip-split/trips/${tripId}/invite-link`;
const joinPath = (token: string) => `/api/trip-split/invite-links/${token}/join`;

describe('join by link', () => {
  it('lets a member create a link whose token only the join route turns into membership', async () => {
    const { trip, owner, participant, stranger } = await tripWithMembers(api);
    const none = await api.call('GET', linkPath(trip.id), { token: owner.token });
    expect(none.status).toBe(200);
    expect(inviteLinkResponseSchema.parse(none.body)).toEqual({ link: null });

    const before = Date.now();
    const created = await api.call('POST', linkPath(trip.id), { token: participant.token });
    expect(created.status).toBe(201);
    const { link, token } = createdInviteLinkResponseSchema.parse(created.body);
    expect(link).toMatchObject({ trip_id: trip.id, created_by_username: participant.user.username });
    const days = (Date.parse(link.expires_at) - before) / 86_400_000;
    expect(days).toBeGreaterThan(6.99);
    expect(days).toBeLessThan(7.01);

    // Members see that a link is out there, never its token.
    const shown = await api.call('GET', linkPath(trip.id), { token: owner.token });
    expect(inviteLinkResponseSchema.parse(shown.body)).toEqual({ link });
    expect(JSON.stringify(shown.body)).not.toContain(token);
    // The token opens nothing but the join route.
    expect((await api.call('GET', linkPath(trip.id), { token: stranger.token })).status).toBe(404);
    expect((await api.call('GET', `/api/trips/${trip.id}`, { token: stranger.token })).status).toBe(404);
    expect(
      (await api.call('GET', `/api/trips/${trip.id}?token=${token}`, { token: stranger.token })).status,
    ).toBe(404);

    const joined = await api.call('POST', joinPath(token), { token: stranger.token });
    expect(joined.status).toBe(200);
    expect(joinByLinkResponseSchema.parse(joined.body)).toMatchObject({
      trip_id: trip.id,
      already_member: false,
      participant: { user_id: stranger.user.id, is_owner: false },
    });
    expect((await api.call('GET', `/api/trips/${trip.id}`, { token: stranger.token })).status).toBe(200);
    const again = await api.call('POST', joinPath(token), { token: stranger.token });
    expect(again.body).toMatchObject({ trip_id: trip.id, already_member: true });
    const people = await api.call('GET', `/api/trip-split/trips/${trip.id}/participants`, {
      token: owner.token,
    });
    expect(people.body.participants).toHaveLength(3);
  });

  it('turns the last link off when a new one is made, and on DELETE; neither joins anybody', async () => {
    const { trip, owner, stranger } = await tripWithMembers(api);
    const first = (await api.call('POST', linkPath(trip.id), { token: owner.token, body: {} })).body.token;
    const second = (
      await api.call('POST', linkPath(trip.id), { token: owner.token, body: { expires_in_days: 2 } })
    ).body;
    expect(Date.parse(second.link.expires_at) - Date.now()).toBeLessThan(2 * 86_400_000 + 60_000);

    const old = await api.call('POST', joinPath(first), { token: stranger.token });
    expect(old).toMatchObject({ status: 410, body: { error: INVITE_LINK_REVOKED } });
    expect((await api.call('DELETE', linkPath(trip.id), { token: owner.token })).status).toBe(204);
    expect((await api.call('DELETE', linkPath(trip.id), { token: owner.token })).status).toBe(404);
    const revoked = await api.call('POST', joinPath(second.token), { token: stranger.token });
    expect(revoked).toMatchObject({ status: 410, body: { error: INVITE_LINK_REVOKED } });
    expect((await api.call('GET', linkPath(trip.id), { token: owner.token })).body).toEqual({ link: null });
    expect((await api.call('GET', `/api/trips/${trip.id}`, { token: stranger.token })).status).toBe(404);
  });

  it('lets a one-use link make one participant, then says it is used up', async () => {
    const { trip, owner, stranger } = await tripWithMembers(api);
    const created = await api.call('POST', linkPath(trip.id), { token: owner.token, body: { max_uses: 1 } });
    expect(created.body.link).toMatchObject({ max_uses: 1, uses: 0 });
    expect((await api.call('POST', joinPath(created.body.token), { token: stranger.token })).status).toBe(
      200,
    );
    const late = await signedInUser(api);
    const refused = await api.call('POST', joinPath(created.body.token), { token: late.token });
    expect(refused).toMatchObject({ status: 410, body: { error: INVITE_LINK_USED_UP } });
    // A used-up link is no longer shown as active.
    expect((await api.call('GET', linkPath(trip.id), { token: owner.token })).body).toEqual({ link: null });
    expect((await api.call('GET', `/api/trips/${trip.id}`, { token: late.token })).status).toBe(404);
  });

  it('says an expired link has expired, and an unknown or malformed one is not valid', async () => {
    const { trip, owner, stranger } = await tripWithMembers(api);
    const token = randomBytes(32).toString('base64url');
    await api.store.inviteLinks.create({
      token_hash: hashInviteToken(token),
      trip_id: trip.id,
      created_by: owner.user.id,
      created_at: new Date(Date.now() - 8 * 86_400_000).toISOString(),
      expires_at: new Date(Date.now() - 86_400_000).toISOString(),
      max_uses: null,
    });
    const expired = await api.call('POST', joinPath(token), { token: stranger.token });
    expect(expired).toMatchObject({ status: 410, body: { error: INVITE_LINK_EXPIRED } });
    // An expired link is no longer shown as active.
    expect((await api.call('GET', linkPath(trip.id), { token: owner.token })).body).toEqual({ link: null });
    const unknown = await api.call('POST', joinPath(randomBytes(32).toString('base64url')), {
      token: stranger.token,
    });
    expect(unknown).toMatchObject({ status: 404, body: { error: INVITE_LINK_UNKNOWN } });
    const malformed = await api.call('POST', joinPath('not-a-token'), { token: stranger.token });
    expect(malformed).toMatchObject({ status: 400, body: { error: INVITE_LINK_UNKNOWN } });
    expect((await api.call('GET', `/api/trips/${trip.id}`, { token: stranger.token })).status).toBe(404);
  });

  it('refuses bad lifetimes and limits, and needs a session to join', async () => {
    const { trip, owner } = await tripWithMembers(api);
    const bad = [
      { expires_in_days: 0 },
      { expires_in_days: 31 },
      { expires_in_days: 1.5 },
      { expires_in_days: '7' },
      { max_uses: 0 },
      { max_uses: 101 },
    ];
    for (const body of bad) {
      const res = await api.call('POST', linkPath(trip.id), { token: owner.token, body });
      expect(res.status, JSON.stringify(body)).toBe(400);
      expect(res.body.error).toEqual(expect.any(String));
    }
    const { token } = (await api.call('POST', linkPath(trip.id), { token: owner.token })).body;
    expect((await api.call('POST', joinPath(token))).status).toBe(401);
  });
});

describe.skipIf(targetsEmulatorSuite)('join by link, rate limits', () => {
  let limited: TestApi;
  beforeAll(async () => {
    limited = await startTestApi({ RATE_LIMIT_INVITATIONS_PER_USER: '3' });
  });
  afterAll(() => limited.close());

  it('limits link creation and join attempts per user', async () => {
    const { trip, owner } = await tripWithMembers(limited);
    const creations = [];
    for (let i = 0; i < 4; i += 1)
      creations.push((await limited.call('POST', linkPath(trip.id), { token: owner.token })).status);
    expect(creations).toEqual([201, 201, 201, 429]);
    const guesser = await signedInUser(limited);
    const attempts = [];
    for (let i = 0; i < 4; i += 1) {
      const res = await limited.call('POST', joinPath(randomBytes(32).toString('base64url')), {
        token: guesser.token,
      });
      attempts.push(res.status);
    }
    expect(attempts).toEqual([404, 404, 404, 429]);
    // Another user's attempts are counted apart.
    const other = await signedInUser(limited);
    const res = await limited.call('POST', joinPath(randomBytes(32).toString('base64url')), {
      token: other.token,
    });
    expect(res.status).toBe(404);
  });
});
