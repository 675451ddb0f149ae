import { createHash, randomBytes } from 'node:crypto';
import {
  INVITE_LINK_EXPIRED,
  INVITE_LINK_REVOKED,
  INVITE_LINK_UNKNOWN,
  INVITE_LINK_USED_UP,
  type CreateInviteLinkBody,
  type CreatedInviteLinkResponse,
  type InviteLink,
  type JoinByLinkResponse,
} from '@wayfare/contract';
import { HttpError } from '../../http/errors';
import type { InviteLinkRecord, Store, UserRecord } from '../../store/types';
import type { LedgerNotices } from '../../store/port/ledger-notices';
import { toParticipant } from '../people';
import type { TripScope } from '../scope';

const DAY_MS = 24 * 60 * 60 * 1000;
export const NO_ACTIVE_LINK = 'This trip has no active invite link';

/** What the store keeps of a token: its SHA-256, so a copy of the database opens no trip. */
export const hashInviteToken = (token: string) => createHash('sha256').update(token).digest('hex');

const toLink = (record: InviteLinkRecord & { created_by_username: string }): InviteLink => ({
  trip_id: record.trip_id,
  created_by_username: record.created_by_username,
  created_at: record.created_at,
  expires_at: record.expires_at,
  max_uses: record.max_uses,
  uses: record.uses,
});

/** Why a link lets nobody join: the status and message of each refusal (joining by link, guest sessions). */
export const JOIN_REFUSAL = {
  unknown: [404, INVITE_LINK_UNKNOWN],
  revoked: [410, INVITE_LINK_REVOKED],
  expired: [410, INVITE_LINK_EXPIRED],
  'used-up': [410, INVITE_LINK_USED_UP],
} as const;

/** Whether the link still lets someone join at `now`. */
const usable = (link: InviteLinkRecord, now: string) =>
  link.expires_at > now && (link.max_uses === null || link.uses < link.max_uses);

/**
 * Joining by link. Any member may create the trip's link (replacing the one before) or turn it off; the link gives
 * nothing by itself: only POST /invite-links/{token}/join, by a signed-in person, makes them a participant.
 */
export function createInviteLinkService({ store, notices }: { store: Store; notices: LedgerNotices }) {
  return {
    /** The trip's active link, or null when there is none or it has expired or been used up. */
    async active({ trip }: TripScope): Promise<InviteLink | null> {
      const link = await store.inviteLinks.active(trip.id);
      return link && usable(link, new Date().toISOString()) ? toLink(link) : null;
    },

    async create(
      { trip, user }: TripScope,
      { expires_in_days, max_uses }: CreateInviteLinkBody,
    ): Promise<CreatedInviteLinkResponse> {
      const token = randomBytes(32).toString('base64url');
      const now = new Date();
      const record = await store.inviteLinks.create({
        token_hash: hashInviteToken(token),
        trip_id: trip.id,
        created_by: user.id,
        created_at: now.toISOString(),
        expires_at: new Date(now.getTime() + expires_in_days * DAY_MS).toISOString(),
        max_uses,
      });
      return { link: toLink({ ...record, created_by_username: user.username }), token };
    },

    async revoke({ trip }: TripScope): Promise<void> {
      if (!(await store.inviteLinks.revoke(trip.id, new Date().toISOString()))) {
        throw new HttpError(404, NO_ACTIVE_LINK);
      }
    },

    /** Opening the link is the caller's consent: they join at once (or are told they are in already). */
    async join(user: UserRecord, token: string): Promise<JoinByLinkResponse> {
      const result = await store.inviteLinks.join(hashInviteToken(token), user.id, new Date().toISOString());
      if (!('member' in result)) {
        const [status, message] = JOIN_REFUSAL[result.outcome];
        throw new HttpError(status, message);
      }
      if (result.outcome === 'joined') {
        await notices.changed({
          kind: 'participant.added',
          trip_id: result.member.trip_id,
          subject_id: user.id,
          at: new Date().toISOString(),
        });
      }
      return {
        trip_id: result.member.trip_id,
        participant: toParticipant(result.member),
        already_member: result.outcome === 'member',
      };
    },
  };
}

export type InviteLinkService = ReturnType<typeof createInviteLinkService>;
