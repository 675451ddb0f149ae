import { useId, useRef, useState, type FormEvent } from 'react';
import { UserPlus, UserRoundPlus } from 'lucide-react';
import { GUEST_NAME_REQUIRED, guestNameSchema } from '@wayfare/contract';
import { errorMessage } from '@/shared/api';
import { Button } from '@/shared/ui/Button';
import { DisclosureButton } from '@/shared/ui/DisclosureButton';
import { TextInput } from '@/shared/ui/Field';
import { Notice } from '@/shared/ui/Notice';
import { personName } from '../categories';
import { useAddParticipant } from './participantMutations';
import styles from '@/shared/ui/Ledger.module.css';
import own from './AddGuestForm.module.css';

/**
 * Beside Add Participant: someone without an account (a child, a grandparent) added by name alone, a guest. Anyone
 * records what they paid and owe; later a member may invite them to claim the place with an account of their own.
 * The name is checked with the server's own schema first, so a blank or too long one costs no request.
 */
export function AddGuestForm({ tripId }: { tripId: string }) {
  const [open, setOpen] = useState(false);
  const [name, setName] = useState('');
  const [error, setError] = useState<string | undefined>();
  const [added, setAdded] = useState<string | null>(null);
  const adding = useAddParticipant(tripId);
  const field = useRef<HTMLInputElement>(null);
  const formId = useId();

  const refuse = (message: string) => {
    setError(message);
    field.current?.focus();
  };

  const submit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    setAdded(null);
    const parsed = guestNameSchema.safeParse(name);
    if (!parsed.success) return refuse(parsed.error.issues[0]?.message ?? GUEST_NAME_REQUIRED);
    setError(undefined);
    try {
      const answer = await adding.mutateAsync({ guest_name: parsed.data });
      setName('');
      if (answer.outcome === 'added') setAdded(`${personName(answer.participant)} was added as a guest.`);
    } catch (err) {
      refuse(errorMessage(err, 'Failed to add the guest'));
    }
  };

  return (
    <div className={own.guest}>
      <DisclosureButton
        open={open}
        look="dashed"
        icon={<UserRoundPlus size={18} aria-hidden="true" />}
        aria-controls={formId}
        onClick={() => setOpen((was) => !was)}
      >
        Add someone without an account
      </DisclosureButton>
      {open && (
        <form
          id={formId}
          className={styles.inlineForm}
          aria-label="Add someone without an account"
          onSubmit={(event) => void submit(event)}
          noValidate
        >
          <TextInput
            ref={field}
            label="Name"
            name="guest_name"
            autoComplete="off"
            // Opening the form is asking to type the name.
            autoFocus
            value={name}
            onChange={(event) => setName(event.target.value)}
            error={error}
            hint="A guest has no account: anyone can record what they paid and owe, and invite them to claim it later."
          />
          <Button type="submit" loading={adding.isPending} loadingText="Adding...">
            <UserPlus size={18} aria-hidden="true" /> Add guest
          </Button>
          {added && <Notice tone="info">{added}</Notice>}
        </form>
      )}
    </div>
  );
}
