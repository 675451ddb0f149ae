import { z } from 'zod';
import { recordId } from '../ids';

export const PROVIDE_IDENTIFIER = 'Provide an email or a username';

export const addParticipantBodySchema = z
  .object({
    email: z.string().trim().max(320).optional(),
    username: z.string().trim().max(60).optional(),
  })
  .refine((body) => Boolean(body.email || body.username), { message: PROVIDE_IDENTIFIER });
export type AddParticipantBody = z.output<typeof addParticipantBodySchema>;

export const participantParamsSchema = z.object({
  tripId: recordId('Trip id'),
  userId: recordId('User id'),
});
