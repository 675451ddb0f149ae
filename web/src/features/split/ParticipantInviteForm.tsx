import { useEffect, useRef, useState } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import type { AddParticipantBody, Participant } from '@wayfare/contract';
import { errorMessage } from '../../shared/api';
import { submitTo, useSchemaForm } from '../../shared/form/useSchemaForm';
import { participantFormSchema } from '../../shared/forms/participant-form';
import { Notice } from '../../shared/ui/Notice';
import { personName } from './categories';
import { ParticipantFormView } from './ParticipantFormView';
import { participantsQuery, tripInvitationsQuery } from './queries';
import { splitApi } from './splitApi';

export interface ParticipantInviteFormProps {
  tripId: string;
  onAdded?: () => void;
  failureMessage: string;
  /** What was typed before this form's code arrived, and whether the field had focus then. */
  draft: string;
  focusField: boolean;
  /** Submitted before this form's code arrived: it submits once, as it mounts. */
  submitAtOnce: boolean;
}

/** The Add Participant form on react-hook-form, shared/forms' participantFormSchema its resolver. */
export function ParticipantInviteForm({
  tripId,
  onAdded,
  failureMessage,
  draft,
  focusField,
  submitAtOnce,
}: ParticipantInviteFormProps) {
  const [said, setSaid] = useState<string | null>(null);
  const queryClient = useQueryClient();
  const form = useSchemaForm(participantFormSchema, { defaultValues: { identifier: draft } });
  const { errors, isSubmitting } = form.formState;
  const formRef = useRef<HTMLFormElement>(null);
  const started = useRef(false);

  useEffect(() => {
    if (started.current) return;
    started.current = true;
    if (submitAtOnce) formRef.current?.requestSubmit();
    else if (focusField) formRef.current?.querySelector('input')?.focus();
  }, [focusField, submitAtOnce]);

  const send = async (body: AddParticipantBody) => {
    setSaid(null);
    const answer = await splitApi.addParticipant(tripId, body);
    form.reset({ identifier: '' });
    if (answer.outcome === 'added') {
      // Listed at once, whether or not a live notice follows.
      const { participant } = answer;
      queryClient.setQueryData(participantsQuery(tripId).queryKey, (list: Participant[] | undefined) =>
        list && !list.some((p) => p.user_id === participant.user_id) ? [...list, participant] : list,
      );
      setSaid(`${personName(participant)} (@${participant.username}) was added to the trip.`);
    } else {
      void queryClient.invalidateQueries({ queryKey: tripInvitationsQuery(tripId).queryKey });
      setSaid(answer.message);
    }
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
