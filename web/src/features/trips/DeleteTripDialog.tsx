import { useState } from 'react';
import { Trash2 } from 'lucide-react';
import { Button } from '@/shared/ui/Button';
import { Modal } from '@/shared/ui/Modal';
import { Notice } from '@/shared/ui/Notice';
import { useDeleteTrip } from './tripMutations';
import styles from './DeleteTripDialog.module.css';

interface DeleteTripDialogProps {
  trip: { id: string; trip_name: string } | null;
  onClose: () => void;
  onDeleted: (tripId: string) => void;
}

/** Asks before deleting (destructive actions ask first) and shows 'Failed to delete trip.' when it fails. */
export function DeleteTripDialog({ trip, onClose, onDeleted }: DeleteTripDialogProps) {
  const [deleting, setDeleting] = useState(false);
  const deletion = useDeleteTrip();
  const [failed, setFailed] = useState(false);

  const close = () => {
    setFailed(false);
    onClose();
  };

  const confirm = async () => {
    if (!trip) return;
    setDeleting(true);
    setFailed(false);
    try {
      await deletion.mutateAsync(trip.id);
      onDeleted(trip.id);
    } catch {
      setFailed(true);
    } finally {
      setDeleting(false);
    }
  };

  return (
    <Modal
      open={trip !== null}
      onClose={close}
      title="Delete Trip"
      footer={
        <>
          <Button variant="secondary" onClick={close} disabled={deleting}>
            Cancel
          </Button>
          <Button variant="danger" onClick={() => void confirm()} loading={deleting} loadingText="Deleting…">
            <Trash2 size={18} aria-hidden="true" />
            Delete Trip
          </Button>
        </>
      }
    >
      <div className={styles.body}>
        <p>
          Are you sure you want to delete <strong>{trip?.trip_name}</strong>? Its daily plans, expenses and
          settlements are deleted with it, for everyone on the trip.
        </p>
        {failed && <Notice tone="error">Failed to delete trip.</Notice>}
      </div>
    </Modal>
  );
}
