/**
 * Claiming a guest (contract/src/guests.ts). Any member mints a guest's claim link (replacing the last) or turns it
 * off; the link shows what it offers to anyone holding it (the trip, the guest and their balance) so the person can
 * decide before signing up; only a signed-in person's accept makes them that guest, in one store transaction
 * (store/port/guests.ts). Adding and removing guests is the membership service's.
 */
import { randomBytes } from 'node:crypto';
import {
  CLAIM_LINK_DAYS,
  CLAIM_LINK_EXPIRED,
  CLAIM_LINK_REVOKED,
  CLAIM_LINK_UNKNOWN,
  CLAIM_LINK_USED,
  CLAIMER_ALREADY_IN_TRIP,
  homeCurrencyOf,
  NO_CLAIM_LINK,
  NOT_A_GUEST,
  type AcceptedClaimResponse,
  type ClaimLinkResponse,
  type GuestClaim,
} from '@wayfare/contract';
import { HttpError } from '../../http/errors';
import type { ClaimLinkRecord, ClaimOutcome, Store, UserRecord } from '../../store/types';
import type { LedgerNotices } from '../../store/port/ledger-notices';
import { hashInviteToken } from '../invite-links/service';
import { fullName, toParticipant } from '../people';
import { balancesOf } from '../settlements/planner';
import type { TripScope } from '../scope';

const DAY_MS = 24 * 60 * 60 * 1000;

const REFUSAL: Record<Exclude<ClaimOutcome['outcome'], 'claimed'>, readonly [number, string]> = {
  unknown: [404, CLAIM_LINK_UNKNOWN],
  revoked: [410, CLAIM_LINK_REVOKED],
  expired: [410, CLAIM_LINK_EXPIRED],
  used: [410, CLAIM_LINK_USED],
  'already-in-trip': [409, CLAIMER_ALREADY_IN_TRIP],
};
const refuse = (outcome: keyof typeof REFUSAL): never => {
  const [status, message] = REFUSAL[outcome];
  throw new HttpError(status, message);
};

/** Why a stored link cannot be used at `now`, or null when it can (the store checks again when accepting). */
const refusalOf = (link: ClaimLinkRecord, now: string) =>
  link.used_at ? 'used' : link.revoked_at ? 'revoked' : link.expires_at <= now ? 'expired' : null;

export function createGuestClaimService({ store, notices }: { store: Store; notices: LedgerNotices }) {
  return {
    async createLink({ trip, user }: TripScope, guestId: string): Promise<ClaimLinkResponse> {
      const token = randomBytes(32).toString('base64url');
      const now = new Date();
      const record = await store.guests.createClaimLink({
        token_hash: hashInviteToken(token),
        trip_id: trip.id,
        guest_id: guestId,
        created_by: user.id,
        created_at: now.toISOString(),
        expires_at: new Date(now.getTime() + CLAIM_LINK_DAYS * DAY_MS).toISOString(),
      });
      if (!record) throw new HttpError(404, NOT_A_GUEST);
      return { link: { path: `/claim/${token}`, guest_id: guestId, expires_at: record.expires_at } };
    },

    async revokeLink({ trip }: TripScope, guestId: string): Promise<void> {
      const guest = await store.users.findById(guestId);
      if (guest?.guest_trip_id !== trip.id) throw new HttpError(404, NOT_A_GUEST);
      if (!(await store.guests.revokeClaimLink(trip.id, guestId, new Date().toISOString()))) {
        throw new HttpError(404, NO_CLAIM_LINK);
      }
    },

    /** What the link offers, to whoever holds it: the trip, the guest and where they stand. */
    async preview(token: string): Promise<GuestClaim> {
      const link = await store.guests.findClaimLink(hashInviteToken(token));
      if (!link) return refuse('unknown');
      const refusal = refusalOf(link, new Date().toISOString());
      if (refusal) return refuse(refusal);
      const [trip, guest, role, ledger] = await Promise.all([
        store.trips.get(link.trip_id),
        store.users.findById(link.guest_id),
        store.members.roleOf(link.trip_id, link.guest_id),
        store.ledger.ledgerState(link.trip_id),
      ]);
      if (!trip || !guest || !role) return refuse('revoked');
      const [balance] = balancesOf([guest.id], ledger).filter((b) => b.user_id === guest.id);
      return {
        trip_id: trip.id,
        trip_name: trip.trip_name,
        city_name: trip.city_name,
        guest_id: guest.id,
        guest_name: fullName(guest),
        home_currency: homeCurrencyOf(trip),
        balance_minor: balance?.balance_minor ?? 0,
        expires_at: link.expires_at,
      };
    },

    /** The caller becomes the guest: everything the guest paid, owes and is owed is theirs from now on. */
    async accept(user: UserRecord, token: string): Promise<AcceptedClaimResponse> {
      const at = new Date().toISOString();
      const result = await store.guests.claim(hashInviteToken(token), user.id, at);
      if (result.outcome !== 'claimed') return refuse(result.outcome);
      const tripId = result.member.trip_id;
      await notices.changed({
        kind: 'participant.removed',
        trip_id: tripId,
        subject_id: result.guest_id,
        at,
      });
      await notices.changed({ kind: 'participant.added', trip_id: tripId, subject_id: user.id, at });
      return { trip_id: tripId, participant: toParticipant(result.member) };
    },
  };
}

export type GuestClaimService = ReturnType<typeof createGuestClaimService>;
