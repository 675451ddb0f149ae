import { useState } from 'react';
import { Crown, UserMinus } from 'lucide-react';
import type { Participant } from '@wayfare/contract';
import { errorMessage } from '../../shared/api';
import { cx } from '../../shared/cx';
import { Notice } from '../../shared/ui/Notice';
import { personName } from './categories';
import { splitApi } from './splitApi';
import styles from './Split.module.css';

export const REMOVE_PARTICIPANT_CONFIRM = 'Are you sure you want to remove this participant?';

const initials = (p: Participant) => `${p.first_name[0] ?? ''}${p.last_name[0] ?? ''}`.toUpperCase() || '?';

/** The trip's people, the owner first with a crown; every participant row offers removal after a confirmation. */
export function ParticipantList({ tripId, participants }: { tripId: string; participants: Participant[] }) {
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState<string | null>(null);

  const remove = async (participant: Participant) => {
    if (!window.confirm(REMOVE_PARTICIPANT_CONFIRM)) return;
    setBusy(participant.user_id);
    setError(null);
    try {
      await splitApi.removeParticipant(tripId, participant.user_id);
    } catch (err) {
      setError(errorMessage(err, 'Failed to remove participant'));
    } finally {
      setBusy(null);
    }
  };

  return (
    <>
      {error && <Notice tone="error">{error}</Notice>}
      <ul className={styles.list} aria-label="Participants">
        {participants.map((participant) => (
          <li key={participant.user_id} className={styles.row}>
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
              </span>
              <span className={styles.meta}>
                @{participant.username} · {participant.user_email}
              </span>
            </div>
            {!participant.is_owner && (
              <div className={styles.actions}>
                <button
                  type="button"
                  className={cx(styles.iconButton, styles.danger)}
                  aria-label={`Remove ${personName(participant)}`}
                  title="Remove participant"
                  disabled={busy === participant.user_id}
                  onClick={() => void remove(participant)}
                >
                  <UserMinus size={18} aria-hidden="true" />
                </button>
              </div>
            )}
          </li>
        ))}
      </ul>
    </>
  );
}
