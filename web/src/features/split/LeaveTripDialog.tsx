import { useState } from 'react';
import { LogOut } from 'lucide-react';
import type { Participant } from '@wayfare/contract';
import { errorMessage } from '../../shared/api';
import { Button } from '../../shared/ui/Button';
import { Modal } from '../../shared/ui/Modal';
import { Notice } from '../../shared/ui/Notice';
import { personName } from './categories';
import { splitApi } from './splitApi';
import styles from '../../shared/ui/Ledger.module.css';

interface LeaveTripDialogProps {
  open: boolean;
  tripId: string;
  /** The caller's row, and the trip's members (owner first, then by joining: the first participant takes over). */
  me: Participant;
  participants: Participant[];
  onClose: () => void;
  onLeft: () => void;
}

/**
 * Asks before leaving and says what happens: the leaver's balance stays in the ledger; an owner's trip passes to
 * the participant who joined first; an owner alone cannot leave (they delete the trip instead).
 */
export function LeaveTripDialog({ open, tripId, me, participants, onClose, onLeft }: LeaveTripDialogProps) {
  const [leaving, setLeaving] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const successor = me.is_owner ? participants.find((p) => !p.is_owner) : undefined;
  const alone = me.is_owner && !successor;

  const close = () => {
    setError(null);
    onClose();
  };
  const leave = async () => {
    setLeaving(true);
    setError(null);
    try {
      await splitApi.removeParticipant(tripId, me.user_id);
      onLeft();
    } catch (err) {
      setError(errorMessage(err, 'Failed to leave the trip'));
    } finally {
      setLeaving(false);
    }
  };

  return (
    <Modal
      open={open}
      onClose={close}
      title="Leave Trip"
      footer={
        <>
          <Button variant="secondary" onClick={close} disabled={leaving} data-autofocus>
            {alone ? 'Close' : 'Cancel'}
          </Button>
          {!alone && (
            <Button onClick={() => void leave()} loading={leaving} loadingText="Leaving…">
              <LogOut size={18} aria-hidden="true" /> Leave Trip
            </Button>
          )}
        </>
      }
    >
      <div className={styles.form}>
        {alone ? (
          <p>
            You are the only member of this trip, so there is nobody to hand it to. Delete the trip instead.
          </p>
        ) : (
          <>
            <p>
              Are you sure you want to leave this trip? You will no longer see its plans, expenses or
              settlements.
            </p>
            <p>
              Whatever you owe or are owed stays in the ledger under your name, marked as left, and is settled
              like any other balance.
            </p>
            {successor && (
              <p>
                You own this trip: <strong>{personName(successor)}</strong>, who joined first, becomes its
                owner.
              </p>
            )}
          </>
        )}
        {error && <Notice tone="error">{error}</Notice>}
      </div>
    </Modal>
  );
}
