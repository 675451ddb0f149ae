import { useState } from 'react';
import { useQuery } from '@tanstack/react-query';
import { Check, MailOpen, RotateCw, X } from 'lucide-react';
import type { UserInvitation } from '@wayfare/contract';
import { errorMessage } from '@/shared/api';
import { Button } from '@/shared/ui/Button';
import { Notice } from '@/shared/ui/Notice';
import { formatDateRange } from '@/shared/dates';
import { useAnswerInvitation } from './invitationMutations';
import { myInvitationsQuery } from './queries';
import styles from './PendingInvitations.module.css';

/**
 * The caller's pending trip invitations, each with Accept and Decline: nobody joins a trip (or owes anything in it)
 * without saying yes. Shows nothing while there are none; joining a trip reads the trip lists (mine and the split
 * overview's) again.
 */
export function PendingInvitations() {
  const answering = useAnswerInvitation();
  const { data: invitations, isError, refetch } = useQuery(myInvitationsQuery());
  const [busy, setBusy] = useState<string | null>(null);
  const [error, setError] = useState<string | null>(null);

  const answer = async (invitation: UserInvitation, accept: boolean) => {
    setBusy(invitation.trip_id);
    setError(null);
    try {
      await answering.mutateAsync({ invitation, accept });
    } catch (err) {
      setError(
        errorMessage(err, accept ? 'Failed to accept the invitation' : 'Failed to decline the invitation'),
      );
      void refetch();
    } finally {
      setBusy(null);
    }
  };

  if (isError && !invitations) {
    return (
      <div className={styles.section}>
        <Notice tone="error">Failed to load your invitations</Notice>
        <Button variant="secondary" onClick={() => void refetch()}>
          <RotateCw size={18} aria-hidden="true" /> Retry
        </Button>
      </div>
    );
  }
  if (!invitations?.length) return null;
  return (
    <section className={styles.section} aria-labelledby="pending-invitations">
      <h2 id="pending-invitations" className={styles.title}>
        <MailOpen size={20} aria-hidden="true" /> Invitations
      </h2>
      {error && <Notice tone="error">{error}</Notice>}
      <ul className={styles.list}>
        {invitations.map((invitation) => (
          <li key={invitation.trip_id} className={styles.item}>
            <div className={styles.text}>
              <p>
                <strong>@{invitation.invited_by_username}</strong> invited you to{' '}
                <strong>{invitation.trip_name}</strong>
              </p>
              <p className={styles.meta}>
                {invitation.city_name} · {formatDateRange(invitation.start_date, invitation.end_date)}
              </p>
            </div>
            <div className={styles.actions}>
              <Button
                onClick={() => void answer(invitation, true)}
                loading={busy === invitation.trip_id}
                disabled={busy !== null}
                aria-label={`Accept the invitation to ${invitation.trip_name}`}
              >
                <Check size={18} aria-hidden="true" /> Accept
              </Button>
              <Button
                variant="secondary"
                onClick={() => void answer(invitation, false)}
                disabled={busy !== null}
                aria-label={`Decline the invitation to ${invitation.trip_name}`}
              >
                <X size={18} aria-hidden="true" /> Decline
              </Button>
            </div>
          </li>
        ))}
      </ul>
    </section>
  );
}
