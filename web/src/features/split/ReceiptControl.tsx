import { useId, useRef, useState } from 'react';
import { Paperclip, Trash2 } from 'lucide-react';
import {
  isImageReceipt,
  RECEIPT_ACCEPT,
  RECEIPT_MAX_BYTES,
  RECEIPT_TYPES,
  UNSUPPORTED_RECEIPT,
  type Expense,
  type Receipt,
} from '@wayfare/contract';
import { errorMessage } from '../../shared/api';
import { userLocale } from '../../shared/locale';
import { Button } from '../../shared/ui/Button';
import { Notice } from '../../shared/ui/Notice';
import { ReceiptThumbnail } from './ReceiptThumbnail';
import { splitApi } from './splitApi';
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
  const [busy, setBusy] = useState<'upload' | 'remove' | null>(null);
  const [error, setError] = useState<string | null>(null);
  const fileInput = useRef<HTMLInputElement>(null);
  const labelId = useId();

  const change = async (
    kind: 'upload' | 'remove',
    send: () => Promise<{ expense: Expense }>,
    fallback: string,
  ) => {
    setError(null);
    setBusy(kind);
    try {
      setReceipt((await send()).expense.receipt);
    } catch (err) {
      setError(errorMessage(err, fallback));
    } finally {
      setBusy(null);
    }
  };
  const upload = (file: File) => {
    const problem = receiptFileProblem(file);
    if (problem) return setError(problem);
    void change('upload', () => splitApi.attachReceipt(expense.id, file), 'Failed to attach the receipt');
  };
  const remove = () => {
    if (!window.confirm(REMOVE_RECEIPT_CONFIRM)) return;
    void change('remove', () => splitApi.removeReceipt(expense.id), 'Failed to remove the receipt');
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
        <Button
          variant="secondary"
          loading={busy === 'upload'}
          loadingText="Uploading..."
          disabled={busy !== null}
          onClick={() => fileInput.current?.click()}
        >
          <Paperclip size={18} aria-hidden="true" /> {receipt ? 'Replace' : 'Attach receipt'}
        </Button>
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
      <input
        ref={fileInput}
        type="file"
        accept={RECEIPT_ACCEPT}
        hidden
        aria-label="Receipt file"
        onChange={(event) => {
          const file = event.target.files?.[0];
          event.target.value = ''; // the same file may be chosen again after an error
          if (file) upload(file);
        }}
      />
      {error && <Notice tone="error">{error}</Notice>}
    </div>
  );
}
