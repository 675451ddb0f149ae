import { useState } from 'react';
import { UserPlus } from 'lucide-react';
import { participantFormSchema, type AddParticipantBody } from '@wayfare/contract';
import { errorMessage } from '../../shared/api';
import { submitTo, useSchemaForm } from '../../shared/form/useSchemaForm';
import { Button } from '../../shared/ui/Button';
import { TextInput } from '../../shared/ui/Field';
import { Notice } from '../../shared/ui/Notice';
import { splitApi } from './splitApi';
import styles from '../../shared/ui/Ledger.module.css';

interface AddParticipantFormProps {
  tripId: string;
  onAdded?: () => void;
  /** Spec §8 names two fallbacks: the split page's, and the overview's alert variant. */
  failureMessage?: string;
}

/**
 * Invites a friend by email or username (spec §5): they join once they accept. The live stream brings the 'Invited'
 * row to every open page.
 */
export function AddParticipantForm({
  tripId,
  onAdded,
  failureMessage = 'Failed to add participant',
}: AddParticipantFormProps) {
  const [added, setAdded] = useState<string | null>(null);
  const form = useSchemaForm(participantFormSchema, { defaultValues: { identifier: '' } });
  const { errors, isSubmitting } = form.formState;

  const send = async (body: AddParticipantBody) => {
    setAdded(null);
    const { invitation } = await splitApi.addParticipant(tripId, body);
    form.reset();
    setAdded(invitation.username);
    onAdded?.();
  };

  return (
    <form
      className={styles.inlineForm}
      onSubmit={(event) => void submitTo(form, send, (error) => errorMessage(error, failureMessage))(event)}
      noValidate
    >
      <TextInput
        label="Email or username"
        autoComplete="off"
        // The one field: the server's refusal ("No user with that email") is shown under it too.
        error={errors.identifier?.message ?? errors.root?.server?.message}
        hint="They'll be able to add expenses and view settlements."
        {...form.register('identifier')}
      />
      <Button type="submit" loading={isSubmitting} loadingText="Adding...">
        <UserPlus size={18} aria-hidden="true" /> Add Participant
      </Button>
      {added && <Notice tone="info">@{added} was invited. They join the trip once they accept.</Notice>}
    </form>
  );
}
