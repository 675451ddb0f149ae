/**
 * Guest sessions (contract/src/guest-sessions.ts): a visitor holding the trip's live invite link continues without
 * an account, as a new guest by name or as one of the trip's guests (any of them, as Tricount lets anyone pick a
 * name: whoever holds the link is trusted as the members trusted them with it), and gets a session token naming the
 * guest and the trip. What the session may call and how it ends is http/guest-sessions.ts's.
 */
import {
  GUEST_SESSION_DAYS,
  guestNameTaken,
  NOT_A_GUEST,
  type ClaimLinkResponse,
  type GuestChoice,
  type GuestSessionOffer,
  type GuestSessionResponse,
  type StartGuestSessionBody,
} from '@wayfare/contract';
import { HttpError } from '../../http/errors';
import type { TokenService } from '../../http/tokens';
import { joinDecision } from '../../store/decisions/join-decision';
import type { LedgerNotices } from '../../store/port/ledger-notices';
import type { InviteLinkRecord, Store, TripRecord, UserRecord } from '../../store/types';
import type { GuestClaimService } from '../guests/service';
import { hashInviteToken, JOIN_REFUSAL } from '../invite-links/service';
import { fullName } from '../people';
import { tripScopeOf } from '../scope';

const DAY_S = 24 * 60 * 60;

const choiceOf = (guest: { first_name: string; last_name: string }, id: string): GuestChoice => ({
  id,
  name: fullName(guest),
});

export function createGuestSessionService(deps: {
  store: Store;
  tokens: TokenService;
  notices: LedgerNotices;
  claims: GuestClaimService;
  createFirebaseToken?: (userId: string) => Promise<string>;
}) {
  const { store } = deps;

  /** The link of the token and its trip while it lets people join (as joining by link decides); 404 or 410 else. */
  async function liveLink(token: string): Promise<{ link: InviteLinkRecord; trip: TripRecord }> {
    const link = await store.inviteLinks.find(hashInviteToken(token));
    const trip = link && (await store.trips.get(link.trip_id));
    const { outcome } = link
      ? joinDecision(link, trip ? 'not-member' : 'no-trip', new Date().toISOString())
      : { outcome: 'unknown' as const };
    if (outcome !== 'join' || !link || !trip) {
      const [status, message] =
        JOIN_REFUSAL[outcome === 'join' || outcome === 'member' ? 'unknown' : outcome];
      throw new HttpError(status, message);
    }
    return { link, trip };
  }

  /** The guest the visitor names: a new one by name (409 when a guest of the trip has it), or one of the trip's. */
  async function guestOf(link: InviteLinkRecord, body: StartGuestSessionBody): Promise<GuestChoice> {
    const tripId = link.trip_id;
    if (body.guest_name !== undefined) {
      // Added as if by the member who shared the link: the history says who let the guest in.
      const added = await store.guests.add(tripId, body.guest_name, link.created_by);
      if (added.outcome === 'taken') throw new HttpError(409, guestNameTaken(body.guest_name));
      await deps.notices.changed({
        kind: 'participant.added',
        trip_id: tripId,
        subject_id: added.member.user_id,
        at: new Date().toISOString(),
      });
      return choiceOf(added.member, added.member.user_id);
    }
    const guest = await store.users.findById(body.guest_id as string);
    const member = guest?.guest_trip_id === tripId && (await store.members.roleOf(tripId, guest.id));
    if (!guest || !member) throw new HttpError(404, NOT_A_GUEST);
    return choiceOf(guest, guest.id);
  }

  return {
    /** What the invite link offers a visitor without an account: the trip and the guests to continue as. */
    async offer(token: string): Promise<GuestSessionOffer> {
      const { trip } = await liveLink(token);
      const members = await store.members.list(trip.id);
      return {
        trip_id: trip.id,
        trip_name: trip.trip_name,
        city_name: trip.city_name,
        guests: members.filter((m) => m.is_guest).map((m) => choiceOf(m, m.user_id)),
      };
    },

    async start(token: string, body: StartGuestSessionBody): Promise<GuestSessionResponse> {
      const { link } = await liveLink(token);
      const guest = await guestOf(link, body);
      const session = await deps.tokens.issue(
        {
          userId: guest.id,
          email: '',
          username: '',
          first_name: guest.name,
          last_name: '',
          guestTripId: link.trip_id,
        },
        GUEST_SESSION_DAYS * DAY_S,
      );
      const answer = { token: session, trip_id: link.trip_id, guest };
      return deps.createFirebaseToken
        ? { ...answer, firebaseToken: await deps.createFirebaseToken(guest.id) }
        : answer;
    },

    /** A claim link for the session's own guest: the claim page then takes them through signing up. */
    async claimLinkFor(guest: UserRecord): Promise<ClaimLinkResponse> {
      if (guest.guest_trip_id === undefined) throw new HttpError(404, NOT_A_GUEST);
      return deps.claims.createLink(await tripScopeOf(store, guest, guest.guest_trip_id), guest.id);
    },
  };
}

export type GuestSessionService = ReturnType<typeof createGuestSessionService>;
