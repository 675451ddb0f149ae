import { z } from 'zod';
import { recordId } from '../ids';

export const PROVIDE_IDENTIFIER = 'Provide an email or a username';

/** "Looks like an email" for the add-participant field (spec §5): anything else is sent as a username. */
export const looksLikeEmail = (text: string) => /^[^\s@]+@[^\s@]+\.[^\s@]+$/.test(text.trim());

export const addParticipantBodySchema = z
  .object({
    email: z.string().trim().max(320).optional(),
    username: z.string().trim().max(60).optional(),
  })
  .refine((body) => Boolean(body.email || body.username), { message: PROVIDE_IDENTIFIER });
export type AddParticipantBody = z.output<typeof addParticipantBodySchema>;

/** The add-participant form's one field (spec §5): email-looking text is sent as email, anything else as username. */
export const participantFormSchema = z
  .object({ identifier: z.string().trim().min(1, PROVIDE_IDENTIFIER) })
  .transform(({ identifier }): AddParticipantBody =>
    looksLikeEmail(identifier) ? { email: identifier } : { username: identifier },
  );

export const participantParamsSchema = z.object({
  tripId: recordId('Trip id'),
  userId: recordId('User id'),
});
