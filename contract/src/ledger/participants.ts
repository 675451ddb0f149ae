import { z } from 'zod';
import { guestNameSchema } from '../guests';
import { recordId } from '../ids';

export const PROVIDE_IDENTIFIER = 'Provide an email or a username';
export const GUEST_OR_ACCOUNT = "Give a guest's name, or an email or username, not both";

/**
 * A registered user by email or username (spec §7), or, beside the spec, a guest by name alone (`guest_name`):
 * someone in the ledger without an account (contract/src/guests.ts).
 */
export const addParticipantBodySchema = z
  .object({
    email: z.string().trim().max(320).optional(),
    username: z.string().trim().max(60).optional(),
    guest_name: guestNameSchema.optional(),
  })
  .refine((body) => body.guest_name === undefined || !(body.email || body.username), {
    message: GUEST_OR_ACCOUNT,
  })
  .refine((body) => Boolean(body.email || body.username || body.guest_name !== undefined), {
    message: PROVIDE_IDENTIFIER,
  });
export type AddParticipantBody = z.output<typeof addParticipantBodySchema>;

export const participantParamsSchema = z.object({
  tripId: recordId('Trip id'),
  userId: recordId('User id'),
});
