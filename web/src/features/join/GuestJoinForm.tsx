import { useState, type FormEvent } from 'react';
import { useQuery } from '@tanstack/react-query';
import { useNavigate } from 'react-router';
import { GUEST_NAME_MAX, GUEST_NAME_REQUIRED } from '@wayfare/contract';
import { errorMessage } from '@/shared/api';
import { Button } from '@/shared/ui/Button';
import { Select, TextInput } from '@/shared/ui/Field';
import { Notice } from '@/shared/ui/Notice';
import { LoadingState } from '@/shared/ui/Spinner';
import { guestHome, useSession } from '@/features/auth';
import { guestSessionOfferQuery, useStartGuestSession } from './guestSessionApi';
import styles from './GuestJoinForm.module.css';

const START_FAILED = 'Could not let you in as a guest. Please try again.';
/** The choice of the picker that means "a new guest by the name I type". */
const SOMEONE_NEW = '';

/**
 * "Continue without an account" on an invite link's page: the visitor types their name (a new guest of the trip) or
 * picks one of its guests, and lands on the trip's ledger with a guest session.
 */
export function GuestJoinForm({ token }: { token: string }) {
  const offer = useQuery(guestSessionOfferQuery(token));
  const starting = useStartGuestSession(token);
  const { login } = useSession();
  const navigate = useNavigate();
  const [guestId, setGuestId] = useState(SOMEONE_NEW);
  const [name, setName] = useState('');
  const [nameError, setNameError] = useState<string>();

  if (offer.isPending) return <LoadingState label="Loading the trip's guests" />;
  if (offer.isError) return <Notice tone="error">{errorMessage(offer.error, START_FAILED)}</Notice>;
  const { guests, trip_name } = offer.data;

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const typed = name.trim();
    if (guestId === SOMEONE_NEW && !typed) {
      setNameError(GUEST_NAME_REQUIRED);
      return;
    }
    setNameError(undefined);
    starting.mutate(guestId === SOMEONE_NEW ? { guest_name: typed } : { guest_id: guestId }, {
      onSuccess: (session) => {
        if (login(session.token)) void navigate(guestHome(session.trip_id), { replace: true });
      },
    });
  };

  return (
    <form className={styles.form} onSubmit={submit} noValidate aria-label={`Join ${trip_name} as a guest`}>
      {guests.length > 0 && (
        <Select label="Who are you?" value={guestId} onChange={(event) => setGuestId(event.target.value)}>
          <option value={SOMEONE_NEW}>Someone new: I'll type my name</option>
          {guests.map((guest) => (
            <option key={guest.id} value={guest.id}>
              {guest.name}
            </option>
          ))}
        </Select>
      )}
      {guestId === SOMEONE_NEW && (
        <TextInput
          label="Your name"
          hint="The others in the trip see this name on your expenses."
          autoComplete="name"
          maxLength={GUEST_NAME_MAX}
          value={name}
          error={nameError}
          onChange={(event) => setName(event.target.value)}
        />
      )}
      {starting.isError && <Notice tone="error">{errorMessage(starting.error, START_FAILED)}</Notice>}
      <Button type="submit" variant="secondary" loading={starting.isPending} loadingText="Letting you in…">
        Continue without an account
      </Button>
    </form>
  );
}
