import { useState } from 'react';
import { LogOut } from 'lucide-react';
import { errorMessage } from '@/shared/api';
import { Button } from '@/shared/ui/Button';
import { Modal } from '@/shared/ui/Modal';
import { Notice } from '@/shared/ui/Notice';
import { useLeaveTrip } from './tripMutations';
import styles from '@/shared/ui/Ledger.module.css';

interface LeaveTripDialogProps {
  open: boolean;
  tripId: string;
  /** The caller, and whether they own the trip (the owner cannot leave). */
  userId: string;
  isOwner: boolean;
  onClose: () => void;
  onLeft: () => void;
}

/**
 * Asks before leaving and says what happens: the leaver's balance stays in the ledger. The owner cannot leave (spec
 * §6): they are told to make another participant the owner first, or to delete the trip. Used by the split page's
 * participants and by the trip list (someone added to a trip leaves it from there at once).
 */
export function LeaveTripDialog({
  open,
  tripId,
  userId,
  isOwner: owner,
  onClose,
  onLeft,
}: LeaveTripDialogProps) {
  const [leaving, setLeaving] = useState(false);
  const departure = useLeaveTrip();
  const [error, setError] = useState<string | null>(null);

  const close = () => {
    setError(null);
    onClose();
  };
  const leave = async () => {
    setLeaving(true);
    setError(null);
    try {
      await departure.mutateAsync({ tripId, userId });
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
            {owner ? 'Close' : 'Cancel'}
          </Button>
          {!owner && (
            <Button onClick={() => void leave()} loading={leaving} loadingText="Leaving…">
              <LogOut size={18} aria-hidden="true" /> Leave Trip
            </Button>
          )}
        </>
      }
    >
      <div className={styles.form}>
        {owner ? (
          <p>
            You own this trip, so you cannot leave it. Make another participant the owner first (the crown
            button beside their name), or delete the trip.
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
          </>
        )}
        {error && <Notice tone="error">{error}</Notice>}
      </div>
    </Modal>
  );
}
