/**
 * Joining by link (/api/trip-split): a member creates the trip's invite link; a signed-in person who opens it
 * joins at once (opening it is their consent). One active link per trip: creating a new one turns the old one off,
 * so the members always know which single link is out there, and any member may turn it off. The token is 32
 * random bytes (base64url, 43 characters) that the server stores only as a SHA-256 hash, so it is shown once, to
 * whoever created it; the link itself gives no access to the trip, only the join route does.
 */
import { z } from 'zod';
import { INVITE_LINK_TOKEN } from './first-load';
import { participantSchema } from './participants';

export const INVITE_LINK_DEFAULT_DAYS = 7;
export const INVITE_LINK_MAX_DAYS = 30;

export const INVITE_LINK_UNKNOWN = 'This invite link is not valid. Ask a member of the trip for a new one.';
export const INVITE_LINK_EXPIRED = 'This invite link has expired. Ask a member of the trip for a new one.';
export const INVITE_LINK_USED_UP =
  'This invite link has been used as many times as it allows. Ask a member of the trip for a new one.';
export const INVITE_LINK_MAX_USES = 100;
export const INVITE_LINK_REVOKED =
  'This invite link was turned off by a member of the trip. Ask them for a new one.';

export const inviteLinkTokenParamsSchema = z.object({
  token: z.string().regex(INVITE_LINK_TOKEN, INVITE_LINK_UNKNOWN),
});

/** POST /trips/{tripId}/invite-link: how long the new link stays valid (7 days when not given). */
export const createInviteLinkBodySchema = z
  .object({
    expires_in_days: z
      .number()
      .int('Days must be a whole number')
      .min(1, 'A link lasts at least 1 day')
      .max(INVITE_LINK_MAX_DAYS, `A link lasts at most ${INVITE_LINK_MAX_DAYS} days`)
      .default(INVITE_LINK_DEFAULT_DAYS),
    /** How many people may join by it; null (the default) for no limit until it expires. */
    max_uses: z
      .number()
      .int('Uses must be a whole number')
      .min(1, 'A link allows at least 1 use')
      .max(INVITE_LINK_MAX_USES, `A link allows at most ${INVITE_LINK_MAX_USES} uses`)
      .nullable()
      .default(null),
  })
  .default({ expires_in_days: INVITE_LINK_DEFAULT_DAYS, max_uses: null });
export type CreateInviteLinkBody = z.infer<typeof createInviteLinkBodySchema>;

/** The trip's active link as its members see it: never the token, which only its creator saw once. */
export const inviteLinkSchema = z.object({
  trip_id: z.string(),
  created_by_username: z.string(),
  created_at: z.string(),
  expires_at: z.string(),
  max_uses: z.number().int().nullable(),
  /** How many people have joined by it. */
  uses: z.number().int(),
});
export type InviteLink = z.infer<typeof inviteLinkSchema>;

/** GET /trips/{tripId}/invite-link: the active link (not expired, not used up), or null. */
export const inviteLinkResponseSchema = z.object({ link: inviteLinkSchema.nullable() });
export type InviteLinkResponse = z.infer<typeof inviteLinkResponseSchema>;

/** POST /trips/{tripId}/invite-link (201): the new link and its token, shown this once. */
export const createdInviteLinkResponseSchema = z.object({
  link: inviteLinkSchema,
  token: z.string().regex(INVITE_LINK_TOKEN),
});
export type CreatedInviteLinkResponse = z.infer<typeof createdInviteLinkResponseSchema>;

/** POST /invite-links/{token}/join: the caller, now (or already) a participant of the trip. */
export const joinByLinkResponseSchema = z.object({
  trip_id: z.string(),
  participant: participantSchema,
  already_member: z.boolean(),
});
export type JoinByLinkResponse = z.infer<typeof joinByLinkResponseSchema>;
