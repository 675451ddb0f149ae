import { useId, useRef, useState, type ReactNode } from 'react';
import { Paperclip, Trash2 } from 'lucide-react';
import {
  isImageReceipt,
  RECEIPT_ACCEPT,
  RECEIPT_MAX_BYTES,
  RECEIPT_TYPES,
  UNSUPPORTED_RECEIPT,
  expenseResponseSchema,
  type Expense,
  type Receipt,
} from '@wayfare/contract';
import { errorMessage } from '@/shared/api';
import { userLocale } from '@/shared/locale';
import { Button } from '@/shared/ui/Button';
import { Modal } from '@/shared/ui/Modal';
import { Notice } from '@/shared/ui/Notice';
import { ReceiptThumbnail } from './ReceiptThumbnail';
import { useReceiptChange } from '../expenses/expenseMutations';
import styles from './Receipt.module.css';

export const RECEIPT_TOO_BIG = `The receipt must be at most ${RECEIPT_MAX_BYTES / 1024 / 1024} MB`;
export const REMOVE_RECEIPT_CONFIRM = 'Remove the receipt from this expense?';

/**
 * What the server would refuse in the chosen file, said before it is sent; null when it may go. The browser's type
 * is only a hint (the server judges the bytes), so a file without one is left for the server to judge.
 */
export function receiptFileProblem(file: Pick<File, 'size' | 'type'>): string | null {
  if (file.size > RECEIPT_MAX_BYTES) return RECEIPT_TOO_BIG;
  if (file.type && !(RECEIPT_TYPES as readonly string[]).includes(file.type)) return UNSUPPORTED_RECEIPT;
  return null;
}

const fileSize = (bytes: number) =>
  bytes < 1024 * 1024
    ? new Intl.NumberFormat(userLocale(), {
        style: 'unit',
        unit: 'kilobyte',
        maximumFractionDigits: 0,
      }).format(Math.max(1, bytes / 1024))
    : new Intl.NumberFormat(userLocale(), {
        style: 'unit',
        unit: 'megabyte',
        maximumFractionDigits: 1,
      }).format(bytes / 1024 / 1024);

/**
 * The expense form's receipt: attach a photo or PDF (a phone offers its camera for photos), replace it, or remove
 * it. Each change is sent at once, on its own, and the list shows it through the live ledger.
 */
export function ReceiptControl({ expense }: { expense: Expense }) {
  const [receipt, setReceipt] = useState<Receipt | null>(expense.receipt);
  const [problem, setProblem] = useState<string | null>(null);
  const labelId = useId();
  const receiptChange = useReceiptChange();
  const busy = receiptChange.isPending ? (receiptChange.variables.file ? 'upload' : 'remove') : null;
  const error =
    problem ??
    (receiptChange.isError
      ? errorMessage(
          receiptChange.error,
          receiptChange.variables.file ? 'Failed to attach the receipt' : 'Failed to remove the receipt',
        )
      : null);

  const change = (file: File | null) => {
    setProblem(null);
    receiptChange.mutate(
      { expenseId: expense.id, file },
      { onSuccess: (answer) => setReceipt(answer.expense.receipt) },
    );
  };
  const upload = (file: File) => {
    const refused = receiptFileProblem(file);
    if (refused) {
      receiptChange.reset();
      return setProblem(refused);
    }
    change(file);
  };
  const remove = () => {
    if (!window.confirm(REMOVE_RECEIPT_CONFIRM)) return;
    change(null);
  };

  return (
    <div className={styles.control} role="group" aria-labelledby={labelId}>
      <span id={labelId} className={styles.label}>
        Receipt
      </span>
      {receipt ? (
        <div className={styles.current}>
          <ReceiptThumbnail receipt={receipt} title={expense.title} opensInTab />
          <span className={styles.meta}>
            {isImageReceipt(receipt) ? 'Photo' : 'PDF'}, {fileSize(receipt.size)}
          </span>
        </div>
      ) : (
        <span className={styles.meta}>
          No receipt attached. A photo or a PDF, up to {RECEIPT_MAX_BYTES / 1024 / 1024} MB, saved at once.
        </span>
      )}
      <div className={styles.buttons}>
        <ChooseFile
          loading={busy === 'upload'}
          disabled={busy !== null}
          label={receipt ? 'Replace' : 'Attach receipt'}
          onChosen={upload}
        />
        {receipt && (
          <Button
            variant="ghost"
            loading={busy === 'remove'}
            loadingText="Removing..."
            disabled={busy !== null}
            onClick={remove}
          >
            <Trash2 size={18} aria-hidden="true" /> Remove
          </Button>
        )}
      </div>
      {error && <Notice tone="error">{error}</Notice>}
    </div>
  );
}

interface ChooseFileProps {
  label: string;
  loading?: boolean;
  disabled?: boolean;
  onChosen: (file: File) => void;
}

/** The receipt's file chooser: a button opening the system's picker (a phone offers its camera for photos). */
function ChooseFile({ label, loading = false, disabled = false, onChosen }: ChooseFileProps) {
  const fileInput = useRef<HTMLInputElement>(null);
  return (
    <>
      <Button
        variant="secondary"
        loading={loading}
        loadingText="Uploading..."
        disabled={disabled}
        onClick={() => fileInput.current?.click()}
      >
        <Paperclip size={18} aria-hidden="true" /> {label}
      </Button>
      <input
        ref={fileInput}
        type="file"
        accept={RECEIPT_ACCEPT}
        hidden
        aria-label="Receipt file"
        onChange={(event) => {
          const file = event.target.files?.[0];
          event.target.value = ''; // the same file may be chosen again after an error
          if (file) onChosen(file);
        }}
      />
    </>
  );
}

/** What the receipt of an expense being added failed at: the expense exists (or waits offline); the file did not go. */
interface ReceiptFailure {
  /** The added expense, to try the upload again; null when it waits on this device to be sent. */
  expense: Expense | null;
  message: string;
}

const RECEIPT_NOT_ATTACHED = 'The expense was added, but its receipt could not be attached';
const RECEIPT_WAITS_OFFLINE =
  'The expense is kept on this device and sent once you are back online; attach its receipt by editing it then.';

/**
 * The receipt of an expense being added: the file chosen in the add form, sent right after the expense was created
 * (PUT …/expenses/{id}/receipt). When that fails the expense stays, and the form offers to try again.
 */
export function useNewExpenseReceipt() {
  const [file, setFile] = useState<File | null>(null);
  const [failure, setFailure] = useState<ReceiptFailure | null>(null);
  const [retrying, setRetrying] = useState(false);
  const { mutateAsync: attach } = useReceiptChange();

  const send = async (expense: Expense, chosen: File) => {
    try {
      await attach({ expenseId: expense.id, file: chosen });
      return true;
    } catch (err) {
      setFailure({ expense, message: `${RECEIPT_NOT_ATTACHED}: ${errorMessage(err, 'the upload failed')}` });
      return false;
    }
  };
  return {
    file,
    choose: setFile,
    failure,
    retrying,
    /** After the expense was created (or queued offline): attaches the chosen file; true when there is nothing left to do. */
    attachTo: async (created: { sent: unknown } | { queued: unknown }): Promise<boolean> => {
      if (!file) return true;
      if (!('sent' in created)) {
        setFailure({ expense: null, message: RECEIPT_WAITS_OFFLINE });
        return false;
      }
      return send(expenseResponseSchema.parse(created.sent).expense, file);
    },
    /** Tries the upload again; true once it went. */
    retry: async (): Promise<boolean> => {
      if (!failure?.expense || !file) return false;
      setRetrying(true);
      const done = await send(failure.expense, file);
      setRetrying(false);
      return done;
    },
  };
}

export type NewExpenseReceipt = ReturnType<typeof useNewExpenseReceipt>;

/**
 * The add form's receipt: a photo or PDF chosen now and attached once the expense is added (checked for size and
 * type as soon as it is chosen).
 */
export function ReceiptPicker({ receipt }: { receipt: NewExpenseReceipt }) {
  const [problem, setProblem] = useState<string | null>(null);
  const labelId = useId();
  const { file } = receipt;
  const choose = (chosen: File) => {
    const refused = receiptFileProblem(chosen);
    setProblem(refused);
    receipt.choose(refused ? null : chosen);
  };
  return (
    <div className={styles.control} role="group" aria-labelledby={labelId}>
      <span id={labelId} className={styles.label}>
        Receipt <span className={styles.optional}>(optional)</span>
      </span>
      <span className={styles.meta}>
        {file
          ? `${file.name}, ${fileSize(file.size)}: attached once the expense is added.`
          : `A photo or a PDF, up to ${RECEIPT_MAX_BYTES / 1024 / 1024} MB, attached once the expense is added.`}
      </span>
      <div className={styles.buttons}>
        <ChooseFile label={file ? 'Replace' : 'Attach receipt'} onChosen={choose} />
        {file && (
          <Button variant="ghost" onClick={() => receipt.choose(null)}>
            <Trash2 size={18} aria-hidden="true" /> Remove
          </Button>
        )}
      </div>
      {problem && <Notice tone="error">{problem}</Notice>}
    </div>
  );
}

/**
 * What an add form shows once its expense was added but its receipt was not: the reason, and a retry (closing keeps
 * the expense without it; it can be attached later from the edit form).
 */
export function ReceiptRetryModal({
  receipt,
  failure,
  onClose,
}: {
  receipt: NewExpenseReceipt;
  failure: ReceiptFailure;
  onClose: () => void;
}): ReactNode {
  return (
    <Modal
      open
      onClose={onClose}
      title="Add Expense"
      footer={
        <>
          <Button variant="secondary" onClick={onClose} disabled={receipt.retrying}>
            Close
          </Button>
          {failure.expense && (
            <Button
              loading={receipt.retrying}
              loadingText="Uploading..."
              onClick={() => void receipt.retry().then((done) => done && onClose())}
            >
              <Paperclip size={18} aria-hidden="true" /> Try again
            </Button>
          )}
        </>
      }
    >
      <Notice tone="error">{failure.message}</Notice>
    </Modal>
  );
}
