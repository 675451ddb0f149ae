/**
 * A trip's members (spec §3 "Participant"), apart from the ledger's schemas: the invitation screens (accepting
 * answers a participant) check their answers without pulling the expense and currency schemas into their page.
 */
import { z } from 'zod';
import { recordId } from './ids';
import { tripInvitationSchema } from './invitations';

export const personRefSchema = z.object({
  user_id: z.string(),
  first_name: z.string(),
  last_name: z.string(),
  email: z.string(),
  /** Someone without an account, added by name (guests.ts): no email or username. */
  is_guest: z.boolean(),
});
export type PersonRef = z.infer<typeof personRefSchema>;

/** Spec §3 "Participant". `id` is the member's id on this trip (trip and user together). */
export const participantSchema = personRefSchema.extend({
  id: z.string(),
  display_name: z.string(),
  user_email: z.string(),
  username: z.string(),
  joined_at: z.string(),
  is_owner: z.boolean(),
});
export type Participant = z.infer<typeof participantSchema>;

export const participantsResponseSchema = z.object({ participants: z.array(participantSchema) });
export type ParticipantsResponse = z.infer<typeof participantsResponseSchema>;
export const participantResponseSchema = z.object({ participant: participantSchema });
export type ParticipantResponse = z.infer<typeof participantResponseSchema>;

/**
 * POST /trips/{tripId}/participants (spec §7). 201 `added`: the person is a participant at once (spec §2, §6).
 * 202 `invited`: their own setting (add-policy.ts) does not let the caller add them, so they were sent an invitation
 * to accept or decline instead; `message` says so in words a screen can show as is.
 */
export const participantAddedSchema = z.object({
  outcome: z.literal('added'),
  participant: participantSchema,
});
export const participantInvitedSchema = z.object({
  outcome: z.literal('invited'),
  invitation: tripInvitationSchema,
  message: z.string(),
});
export const addParticipantResponseSchema = z.discriminatedUnion('outcome', [
  participantAddedSchema,
  participantInvitedSchema,
]);
export type AddParticipantResponse = z.infer<typeof addParticipantResponseSchema>;

/** What a 202 says: the person chose to be asked first. */
export const invitedInsteadMessage = (username: string) =>
  `@${username} chooses who can add them to a trip, so they were sent an invitation instead. They join once they accept.`;

/** Spec §6: the owner is never removed from participants and cannot leave; they hand the trip over first. */
export const OWNER_CANNOT_LEAVE =
  'The trip owner cannot leave the trip. Make another participant the owner first, or delete the trip.';
export const OWNER_CANNOT_BE_REMOVED = 'The trip owner cannot be removed';

/** PUT /trips/{tripId}/owner: hands the trip to another participant in one atomic step (answers the participants). */
export const makeOwnerBodySchema = z.object({ user_id: recordId('The new owner') });
export type MakeOwnerBody = z.output<typeof makeOwnerBodySchema>;
