/**
 * A trip's members (spec §3 "Participant"), apart from the ledger's schemas: the invitation screens (accepting
 * answers a participant) check their answers without pulling the expense and currency schemas into their page.
 */
import { z } from 'zod';

export const personRefSchema = z.object({
  user_id: z.string(),
  first_name: z.string(),
  last_name: z.string(),
  email: z.string(),
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
