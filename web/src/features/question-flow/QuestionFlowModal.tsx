import { Compass } from 'lucide-react';
import { Button } from '../../shared/ui/Button';
import { Modal } from '../../shared/ui/Modal';
import styles from './QuestionFlowModal.module.css';

interface QuestionFlowModalProps {
  open: boolean;
  onClose: () => void;
}

/** Stand-in for the six-step guided planner, which replaces this component with the same props. */
export function QuestionFlowModal({ open, onClose }: QuestionFlowModalProps) {
  return (
    <Modal
      open={open}
      onClose={onClose}
      title="Plan your trip"
      footer={
        <Button variant="secondary" onClick={onClose}>
          Close
        </Button>
      }
    >
      <div className={styles.content}>
        <div className={styles.icon} aria-hidden="true">
          <Compass size={28} />
        </div>
        <p>The guided planner is coming in this build.</p>
        <p className={styles.muted}>
          You will answer six quick questions (destination, dates, budget, interests and travel style, then a
          summary) and Wayfare will draft your trip from them.
        </p>
      </div>
    </Modal>
  );
}
