/**
 * Guests: people in a trip's ledger who have no account ("Grandpa Joe"). Any member adds one by name; a guest has a
 * user id like everyone else and `is_guest: true` wherever a person is named. A member may create a claim link for
 * a guest: a signed-in person who opens it and accepts becomes that person in the ledger (every expense, share,
 * settlement and history entry moves to their account in one transaction; balances are unchanged).
 * Claim tokens are 32 random bytes (base64url, 43 characters), stored only as a SHA-256 hash, shown once.
 */
import { z } from 'zod';
import { INVITE_LINK_TOKEN } from './first-load';
import { recordId } from './ids';
import { participantSchema } from './participants';

export const GUEST_NAME_MAX = 60;
/** How long a claim link stays valid. */
export const CLAIM_LINK_DAYS = 30;

export const GUEST_NAME_REQUIRED = "Enter the guest's name";
export const GUEST_NAME_TOO_LONG = `A guest's name is at most ${GUEST_NAME_MAX} characters`;
export const guestNameTaken = (name: string) => `There is already a guest called ${name} on this trip`;
export const NOT_A_GUEST = 'That person is not a guest of this trip';
export const NO_CLAIM_LINK = 'This guest has no active claim link';

export const CLAIM_LINK_UNKNOWN = 'This claim link is not valid. Ask a member of the trip for a new one.';
export const CLAIM_LINK_EXPIRED = 'This claim link has expired. Ask a member of the trip for a new one.';
export const CLAIM_LINK_REVOKED =
  'This claim link was turned off by a member of the trip. Ask them for a new one.';
export const CLAIM_LINK_USED = 'This guest has already been claimed.';
export const CLAIMER_ALREADY_IN_TRIP =
  'You are already in this trip, so you cannot also become this guest. Ask a member to keep the guest as they are.';

/** A guest's name: trimmed, 1–60 characters. */
export const guestNameSchema = z
  .string({ error: GUEST_NAME_REQUIRED })
  .trim()
  .min(1, GUEST_NAME_REQUIRED)
  .max(GUEST_NAME_MAX, GUEST_NAME_TOO_LONG);

export const guestParamsSchema = z.object({
  tripId: recordId('Trip id'),
  guestId: recordId('Guest id'),
});

export const claimTokenParamsSchema = z.object({
  token: z.string().regex(INVITE_LINK_TOKEN, CLAIM_LINK_UNKNOWN),
});

/** POST /trips/{tripId}/guests/{guestId}/claim-link (201): the link, shown this once (its path holds the token). */
export const claimLinkResponseSchema = z.object({
  link: z.object({ path: z.string(), guest_id: z.string(), expires_at: z.string() }),
});
export type ClaimLinkResponse = z.infer<typeof claimLinkResponseSchema>;

/**
 * GET /guest-claims/{token}: what the claim page shows before anyone signs in: the trip, the guest and where
 * they stand (positive: owed to them; negative: they owe), in the trip's home currency.
 */
export const guestClaimSchema = z.object({
  trip_id: z.string(),
  trip_name: z.string(),
  city_name: z.string(),
  guest_id: z.string(),
  guest_name: z.string(),
  home_currency: z.string(),
  balance_minor: z.number().int(),
  expires_at: z.string(),
});
export type GuestClaim = z.infer<typeof guestClaimSchema>;
export const guestClaimResponseSchema = z.object({ claim: guestClaimSchema });

/** POST /guest-claims/{token}/accept: the caller, now that person in the trip. */
export const acceptedClaimResponseSchema = z.object({
  trip_id: z.string(),
  participant: participantSchema,
});
export type AcceptedClaimResponse = z.infer<typeof acceptedClaimResponseSchema>;
