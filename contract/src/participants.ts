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
  /** Whole shares the person stands for in a by_shares split (a family of four travelling as one: 4); 1 unless set. */
  weight: z.number().int(),
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

/** A participant's weight: whole shares, 1–99; everyone starts at 1. */
export const PARTICIPANT_WEIGHT_MIN = 1;
export const PARTICIPANT_WEIGHT_MAX = 99;
export const DEFAULT_PARTICIPANT_WEIGHT = PARTICIPANT_WEIGHT_MIN;
export const WEIGHT_MESSAGE = `A weight is a whole number from ${PARTICIPANT_WEIGHT_MIN} to ${PARTICIPANT_WEIGHT_MAX}`;

/** Whole shares, as a participant's weight and as a person's shares in a by_shares split. */
export const wholeSharesSchema = (message: string) =>
  z
    .number({ error: message })
    .int(message)
    .min(PARTICIPANT_WEIGHT_MIN, message)
    .max(PARTICIPANT_WEIGHT_MAX, message);

/** PUT /trips/{tripId}/participants/{userId}/weight: any member sets anyone's weight (answers the participant). */
export const participantWeightBodySchema = z.object({ weight: wholeSharesSchema(WEIGHT_MESSAGE) });
export type ParticipantWeightBody = z.output<typeof participantWeightBodySchema>;
