import { z } from 'zod';
import { PROVIDE_IDENTIFIER, type AddParticipantBody } from '@wayfare/contract';

/** "Looks like an email" for the add-participant field (spec §5): anything else is sent as a username. */
export const looksLikeEmail = (text: string) => /^[^\s@]+@[^\s@]+\.[^\s@]+$/.test(text.trim());

/** The add-participant form's one field (spec §5): email-looking text is sent as email, anything else as username. */
export const participantFormSchema = z
  .object({ identifier: z.string().trim().min(1, PROVIDE_IDENTIFIER) })
  .transform(({ identifier }): AddParticipantBody =>
    looksLikeEmail(identifier) ? { email: identifier } : { username: identifier },
  );
