/**
 * Invitations (/api/trip-split): adding someone whose own setting asks for one (add-policy.ts) invites them; they
 * become a member only once they accept. Members see pending invitations by username only, never by email; the
 * invitee sees enough of the trip to decide, and nothing of its ledger or plans. Accepting answers
 * participantResponseSchema (the caller, now a participant); declining answers 204.
 */
import { z } from 'zod';

/** A pending invitation as the trip's members see it (a 202 of POST /trips/{tripId}/participants carries one). */
export const tripInvitationSchema = z.object({
  trip_id: z.string(),
  user_id: z.string(),
  username: z.string(),
  invited_at: z.string(),
});
export type TripInvitation = z.infer<typeof tripInvitationSchema>;

/** GET /trips/{tripId}/invitations: pending ones, oldest first. */
export const tripInvitationsResponseSchema = z.object({ invitations: z.array(tripInvitationSchema) });
export type TripInvitationsResponse = z.infer<typeof tripInvitationsResponseSchema>;

/** A pending invitation as its invitee sees it. */
export const userInvitationSchema = z.object({
  trip_id: z.string(),
  trip_name: z.string(),
  city_name: z.string(),
  start_date: z.string().nullable(),
  end_date: z.string().nullable(),
  invited_by_username: z.string(),
  invited_at: z.string(),
});
export type UserInvitation = z.infer<typeof userInvitationSchema>;

/** GET /invitations: the caller's pending invitations, newest first. */
export const userInvitationsResponseSchema = z.object({ invitations: z.array(userInvitationSchema) });
export type UserInvitationsResponse = z.infer<typeof userInvitationsResponseSchema>;
