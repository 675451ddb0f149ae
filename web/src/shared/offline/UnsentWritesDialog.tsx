import { Button } from '../ui/Button';
import { Modal } from '../ui/Modal';

interface UnsentWritesDialogProps {
  /** How many of the user's writes made offline have not reached the server; the dialog shows when above 0. */
  count: number;
  onStay: () => void;
  onDiscard: () => void;
}

/** Asked before logging out would discard writes made offline (they belong to this user and are not kept). */
export function UnsentWritesDialog({ count, onStay, onDiscard }: UnsentWritesDialogProps) {
  const changes = count === 1 ? '1 change' : `${count} changes`;
  return (
    <Modal
      open={count > 0}
      onClose={onStay}
      title="Unsent changes"
      footer={
        <>
          <Button variant="secondary" onClick={onStay} data-autofocus>
            Stay signed in
          </Button>
          <Button variant="danger" onClick={onDiscard}>
            Log out and discard
          </Button>
        </>
      }
    >
      <p>
        {changes} you made offline {count === 1 ? 'has' : 'have'} not reached the server yet. Logging out now
        discards {count === 1 ? 'it' : 'them'}; stay signed in and {count === 1 ? 'it is' : 'they are'} sent
        when you are back online.
      </p>
    </Modal>
  );
}
