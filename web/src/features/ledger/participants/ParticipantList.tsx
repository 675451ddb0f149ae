import { useState } from 'react';
import { Crown, Home, LogOut, MailQuestion, UserMinus } from 'lucide-react';
import type { Household, Participant, TripInvitation } from '@wayfare/contract';
import { errorMessage } from '@/shared/api';
import { cx } from '@/shared/cx';
import { Button } from '@/shared/ui/Button';
import { Notice } from '@/shared/ui/Notice';
import { useGuestSession, useSession } from '@/features/auth';
import { LeaveTripDialog } from '@/features/trips';
import { personName } from '../categories';
import { GuestBadge } from '../GuestBadge';
import { useRowLanding } from '../useRowLanding';
import { GuestClaimLink } from './GuestClaimLink';
import { WeightField } from './WeightField';
import { useMakeOwner, useRemoveParticipant } from './participantMutations';
import styles from '@/shared/ui/Ledger.module.css';

export const REMOVE_PARTICIPANT_CONFIRM = 'Are you sure you want to remove this participant?';
export const makeOwnerConfirm = (name: string) =>
  `Make ${name} the owner of this trip? You stay on it as a participant.`;

const initials = (p: Participant) => `${p.first_name[0] ?? ''}${p.last_name[0] ?? ''}`.toUpperCase() || '?';

interface ParticipantListProps {
  tripId: string;
  participants: Participant[];
  /** Invited people who have not answered: shown by username only, as 'Invited'. */
  invitations: TripInvitation[];
  /** The trip's households: each participant in one shows its name. */
  households?: Household[];
  /** After the caller left the trip. */
  onLeft: () => void;
}

/**
 * The trip's people, the owner first with a crown, then those invited. The owner may make another participant the
 * owner, or remove a participant, each after a confirmation; every participant may leave the trip (spec §6: not the
 * owner, who hands the trip over first). Guests (people without an account) are marked so; any participant may
 * remove one (what they paid and owe stays, as having left) or invite them to claim their place.
 */
export function ParticipantList({
  tripId,
  participants,
  invitations,
  households = [],
  onLeft,
}: ParticipantListProps) {
  const { user } = useSession();
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState<string | null>(null);
  const [leaving, setLeaving] = useState(false);
  // A guest session sees the people and acts on none of them (it may not change who is in the trip).
  const guestSession = useGuestSession();
  const me = guestSession ? undefined : participants.find((p) => p.user_id === user?.userId);
  const owner = useMakeOwner(tripId);
  const removal = useRemoveParticipant(tripId);
  const { list, land } = useRowLanding(participants.map((p) => p.user_id));
  const householdOf = new Map(households.flatMap((h) => h.member_ids.map((id) => [id, h.name] as const)));

  const makeOwner = async (participant: Participant) => {
    if (!window.confirm(makeOwnerConfirm(personName(participant)))) return;
    setBusy(participant.user_id);
    setError(null);
    try {
      await owner.mutateAsync(participant.user_id);
    } catch (err) {
      setError(errorMessage(err, 'Failed to make them the owner'));
    } finally {
      setBusy(null);
    }
  };

  const remove = async (participant: Participant, index: number) => {
    if (!window.confirm(REMOVE_PARTICIPANT_CONFIRM)) return;
    setBusy(participant.user_id);
    setError(null);
    land({ after: participants[index - 1]?.user_id ?? null, gone: participant.user_id });
    try {
      await removal.mutateAsync(participant.user_id);
    } catch (err) {
      land(null);
      setError(errorMessage(err, 'Failed to remove participant'));
    } finally {
      setBusy(null);
    }
  };

  return (
    <>
      {error && <Notice tone="error">{error}</Notice>}
      <ul ref={list} className={styles.list} aria-label="Participants">
        {participants.map((participant, index) => {
          const { is_guest: guest } = participant;
          const ownerActions = me?.is_owner === true && participant.user_id !== me.user_id && !guest;
          // Any participant may remove a guest, who has no say of their own (what they paid and owe stays).
          const removable = ownerActions || (me !== undefined && guest);
          return (
            <li key={participant.user_id} className={cx(styles.row, guest && styles.guestRow)} tabIndex={-1}>
              <span className={styles.avatar} aria-hidden="true">
                {initials(participant)}
              </span>
              <div className={styles.main}>
                <span className={styles.name}>
                  {personName(participant)}
                  {participant.is_owner && (
                    <span className={cx(styles.badge, styles.owner)}>
                      <Crown size={12} aria-hidden="true" /> Trip Owner
                    </span>
                  )}
                  <GuestBadge person={participant} />
                  {householdOf.has(participant.user_id) && (
                    <span className={styles.badge} title="Household">
                      <Home size={12} aria-hidden="true" /> {householdOf.get(participant.user_id)}
                    </span>
                  )}
                </span>
                {!guest && (
                  <span className={styles.meta}>
                    @{participant.username} · {participant.user_email}
                  </span>
                )}
                {me && <WeightField tripId={tripId} participant={participant} onError={setError} />}
              </div>
              {removable && (
                <div className={styles.actions}>
                  {ownerActions && (
                    <button
                      type="button"
                      className={styles.iconButton}
                      aria-label={`Make ${personName(participant)} the owner`}
                      title="Make owner"
                      disabled={busy === participant.user_id}
                      onClick={() => void makeOwner(participant)}
                    >
                      <Crown size={18} aria-hidden="true" />
                    </button>
                  )}
                  <button
                    type="button"
                    className={cx(styles.iconButton, styles.danger)}
                    aria-label={`Remove ${personName(participant)}`}
                    title="Remove participant"
                    disabled={busy === participant.user_id}
                    onClick={() => void remove(participant, index)}
                  >
                    <UserMinus size={18} aria-hidden="true" />
                  </button>
                </div>
              )}
              {me && guest && <GuestClaimLink tripId={tripId} guest={participant} />}
            </li>
          );
        })}
      </ul>
      {invitations.length > 0 && (
        <ul className={cx(styles.list, styles.invitedList)} aria-label="Invited">
          {invitations.map((invitation) => (
            <li key={invitation.user_id} className={styles.row}>
              <span className={styles.avatar} aria-hidden="true">
                <MailQuestion size={18} />
              </span>
              <div className={styles.main}>
                <span className={styles.name}>
                  @{invitation.username}
                  <span className={cx(styles.badge, styles.pending)}>Invited</span>
                </span>
                <span className={styles.meta}>Joins once they accept</span>
              </div>
            </li>
          ))}
        </ul>
      )}
      {me && (
        <div className={styles.more}>
          <Button variant="ghost" onClick={() => setLeaving(true)}>
            <LogOut size={18} aria-hidden="true" /> Leave Trip
          </Button>
          <LeaveTripDialog
            open={leaving}
            tripId={tripId}
            userId={me.user_id}
            isOwner={me.is_owner}
            onClose={() => setLeaving(false)}
            onLeft={onLeft}
          />
        </div>
      )}
    </>
  );
}
