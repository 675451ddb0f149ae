import type { ExpenseBodyInput, ExpenseConflict, Participant } from '@wayfare/contract';
import { userLocale } from '@/shared/locale';
import { Button } from '@/shared/ui/Button';
import { Modal } from '@/shared/ui/Modal';
import { Notice } from '@/shared/ui/Notice';
import { changedFields, changedLine, FIELD_LABELS, fieldText, CONFLICT_FIELDS } from './expenseConflict';
import styles from './ExpenseConflictDialog.module.css';

export interface ExpenseConflictDialogProps {
  conflict: ExpenseConflict;
  participants: Participant[];
  /** The expense as the form was opened on, as they have it now, and as you saved it: bodies the form sends. */
  opened: ExpenseBodyInput;
  theirs: ExpenseBodyInput;
  mine: ExpenseBodyInput;
  /** Their changes with yours on the fields only you changed; null when both changed the same ones. */
  combined: ExpenseBodyInput | null;
  /** A choice being sent, and what went wrong with the last one. */
  busy: boolean;
  error: string | null;
  onKeepMine: () => void;
  onTakeTheirs: () => void;
  onCombine: () => void;
}

/**
 * Someone saved the expense after you opened it: who and when, each field either of you changed (theirs beside
 * yours), and the way on — yours over theirs, theirs as they are, or both where they changed other fields than you.
 * Closing (Escape) takes theirs: yours was not saved, and nothing is written behind the person's back.
 */
export function ExpenseConflictDialog({
  conflict,
  participants,
  opened,
  theirs,
  mine,
  combined,
  busy,
  error,
  onKeepMine,
  onTakeTheirs,
  onCombine,
}: ExpenseConflictDialogProps) {
  const locale = userLocale();
  const their = changedFields(opened, theirs);
  const yours = changedFields(opened, mine);
  const fields = CONFLICT_FIELDS.filter((field) => their.includes(field) || yours.includes(field));
  const text = (field: (typeof fields)[number], body: ExpenseBodyInput) =>
    fieldText(field, body, participants, locale);
  const who = conflict.changed_by.first_name || 'They';
  return (
    <Modal
      open
      onClose={onTakeTheirs}
      title="This expense was changed"
      footer={
        <>
          <Button variant="secondary" onClick={onTakeTheirs} disabled={busy}>
            Take theirs
          </Button>
          {combined && (
            <Button variant="secondary" onClick={onCombine} disabled={busy}>
              Combine
            </Button>
          )}
          <Button onClick={onKeepMine} loading={busy} loadingText="Saving..." data-autofocus>
            Keep mine
          </Button>
        </>
      }
    >
      <p>{changedLine(conflict, locale)}, after you opened it. Your changes are not saved yet.</p>
      {error && <Notice tone="error">{error}</Notice>}
      {fields.length > 0 && (
        <table className={styles.changes}>
          <caption className={styles.caption}>What changed</caption>
          <thead>
            <tr>
              <th scope="col">Field</th>
              <th scope="col">{who}</th>
              <th scope="col">You</th>
            </tr>
          </thead>
          <tbody>
            {fields.map((field) => (
              <tr key={field}>
                <th scope="row">{FIELD_LABELS[field]}</th>
                <td className={their.includes(field) ? styles.changed : undefined}>{text(field, theirs)}</td>
                <td className={yours.includes(field) ? styles.changed : undefined}>{text(field, mine)}</td>
              </tr>
            ))}
          </tbody>
        </table>
      )}
      <p className={styles.help}>
        Keep mine saves yours over theirs; Take theirs closes with theirs
        {combined ? '; Combine keeps their changes and adds yours to the fields only you changed.' : '.'}
      </p>
    </Modal>
  );
}
