import { useEffect, useRef, useState } from 'react';
import { type AddParticipantBody } from '@wayfare/contract';
import { participantFormSchema } from '@/shared/forms/participant-form';
import { errorMessage } from '@/shared/api';
import { submitTo, useSchemaForm } from '@/shared/forms/useSchemaForm';
import { Notice } from '@/shared/ui/Notice';
import { personName } from '../categories';
import { ParticipantFormView } from './ParticipantFormView';
import { useAddParticipant } from './participantMutations';

/** The control that had focus in the stand-in form, to have it in this one. */
export type FocusCarried = 'field' | 'submit' | null;

export interface ParticipantInviteFormProps {
  tripId: string;
  onAdded?: () => void;
  failureMessage: string;
  /** What was typed before this form's code arrived, and which of its controls had focus then. */
  draft: string;
  focusOn: FocusCarried;
  /** Submitted before this form's code arrived: it submits once, as it mounts. */
  submitAtOnce: boolean;
}

/** The Add Participant form on react-hook-form, shared/forms' participantFormSchema its resolver. */
export function ParticipantInviteForm({
  tripId,
  onAdded,
  failureMessage,
  draft,
  focusOn,
  submitAtOnce,
}: ParticipantInviteFormProps) {
  const [said, setSaid] = useState<string | null>(null);
  const adding = useAddParticipant(tripId);
  const form = useSchemaForm(participantFormSchema, { defaultValues: { identifier: draft } });
  const { errors, isSubmitting } = form.formState;
  const formRef = useRef<HTMLFormElement>(null);
  const started = useRef(false);

  useEffect(() => {
    if (started.current) return;
    started.current = true;
    const form = formRef.current;
    if (focusOn)
      form?.querySelector<HTMLElement>(focusOn === 'field' ? 'input' : 'button[type="submit"]')?.focus();
    if (submitAtOnce) form?.requestSubmit();
  }, [focusOn, submitAtOnce]);

  const send = async (body: AddParticipantBody) => {
    setSaid(null);
    const answer = await adding.mutateAsync(body);
    form.reset({ identifier: '' });
    if (answer.outcome === 'added') {
      const { participant } = answer;
      setSaid(`${personName(participant)} (@${participant.username}) was added to the trip.`);
    } else setSaid(answer.message);
    onAdded?.();
  };

  return (
    <ParticipantFormView
      formRef={formRef}
      onSubmit={(event) => void submitTo(form, send, (error) => errorMessage(error, failureMessage))(event)}
      input={form.register('identifier')}
      // The one field: the server's refusal ("No user with that email") is shown under it too.
      error={errors.identifier?.message ?? errors.root?.server?.message}
      submitting={isSubmitting}
      notice={said && <Notice tone="info">{said}</Notice>}
    />
  );
}
