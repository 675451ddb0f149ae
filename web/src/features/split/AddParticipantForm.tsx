import { useState, type FormEvent } from 'react';
import { UserPlus } from 'lucide-react';
import { errorMessage } from '../../shared/api';
import { Button } from '../../shared/ui/Button';
import { Notice } from '../../shared/ui/Notice';
import { TextField } from '../../shared/ui/TextField';
import { participantBody } from './forms';
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
  const [text, setText] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [added, setAdded] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    setAdded(null);
    const parsed = participantBody(text);
    if ('error' in parsed) return setError(parsed.error);
    setError(null);
    setBusy(true);
    try {
      const { invitation } = await splitApi.addParticipant(tripId, parsed.body);
      setText('');
      setAdded(invitation.username);
      onAdded?.();
    } catch (err) {
      setError(errorMessage(err, failureMessage));
    } finally {
      setBusy(false);
    }
  };

  return (
    <form className={styles.inlineForm} onSubmit={(e) => void submit(e)} noValidate>
      <TextField
        label="Email or username"
        name="identifier"
        autoComplete="off"
        value={text}
        onChange={(e) => setText(e.target.value)}
        error={error ?? undefined}
        hint="They'll be able to add expenses and view settlements."
      />
      <Button type="submit" loading={busy} loadingText="Adding...">
        <UserPlus size={18} aria-hidden="true" /> Add Participant
      </Button>
      {added && <Notice tone="info">@{added} was invited. They join the trip once they accept.</Notice>}
    </form>
  );
}
