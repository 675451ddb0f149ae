/**
 * Guest sessions: joining a trip by its invite link without an account. The visitor types their name (a new guest,
 * named as members name guests: trimmed, 1–60 characters, unique per trip) or picks one of the trip's guests, and
 * gets a session token naming that guest and the trip. With it they read the trip's ledger and add, edit and delete
 * expenses, and nothing else (the endpoint catalogue marks what a guest session may call: `guestSession`). The
 * session ends when the guest is removed, the trip's invite link is turned off, or an account claims the guest.
 */
import { z } from 'zod';
import { guestNameSchema } from './guests';
import { recordId } from './ids';

/** How long a guest session lasts on its device. */
export const GUEST_SESSION_DAYS = 30;

export const GUEST_SESSION_CHOICE = "Enter your name, or pick who you are from the trip's guests";
export const GUEST_SESSION_ENDED =
  'Your guest access to this trip has ended. Ask a member of the trip for the invite link again.';
export const GUEST_SESSION_REFUSED = 'Create an account or log in to do this.';

/** A guest of the trip, as the join page offers them to pick. */
export const guestChoiceSchema = z.object({ id: z.string(), name: z.string() });
export type GuestChoice = z.infer<typeof guestChoiceSchema>;

/** GET /invite-links/{token}/guests: the trip the link opens and the guests one may continue as. */
export const guestSessionOfferSchema = z.object({
  trip_id: z.string(),
  trip_name: z.string(),
  city_name: z.string(),
  guests: z.array(guestChoiceSchema),
});
export type GuestSessionOffer = z.infer<typeof guestSessionOfferSchema>;
export const guestSessionOfferResponseSchema = z.object({ offer: guestSessionOfferSchema });

/** POST /invite-links/{token}/guest-session: a new guest by name, or one of the trip's guests by id. */
export const startGuestSessionBodySchema = z
  .object({ guest_name: guestNameSchema.optional(), guest_id: recordId('Guest id').optional() })
  .refine((body) => (body.guest_name === undefined) !== (body.guest_id === undefined), GUEST_SESSION_CHOICE);
export type StartGuestSessionBody = z.infer<typeof startGuestSessionBodySchema>;

/** The session: kept on the device as a signed-in session's token is (its claims carry `guestTripId`). */
export const guestSessionResponseSchema = z.object({
  token: z.string(),
  trip_id: z.string(),
  guest: guestChoiceSchema,
  /** Firebase mode only: the custom token for the live listener (uid: the guest's user id). */
  firebaseToken: z.string().optional(),
});
export type GuestSessionResponse = z.infer<typeof guestSessionResponseSchema>;
