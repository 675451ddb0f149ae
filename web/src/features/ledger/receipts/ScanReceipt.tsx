import { useRef, useState } from 'react';
import { ScanLine } from 'lucide-react';
import { NO_TOTAL_FOUND } from '@wayfare/contract';
import { scannedFields, type ScannedFields } from '../expenses/itemizedDraft';
import { errorMessage } from '@/shared/api';
import { userLocale } from '@/shared/locale';
import { Button } from '@/shared/ui/Button';
import { Notice } from '@/shared/ui/Notice';
import { receiptFileProblem } from './ReceiptControl';
import { ledgerApi } from '../ledgerApi';
import styles from './Receipt.module.css';

interface ScanReceiptProps {
  tripId: string;
  /** The photo read, with a total: the form fills its fields from `fields` (without one, the form stays as typed). */
  onScanned: (fields: ScannedFields, photo: File) => void;
}

/**
 * "Scan receipt": takes a photo (the phone's camera, or a file), has it read, and hands the fields to the
 * form for review; nothing is saved until the person adds the expense. Says how it was read and what it missed.
 */
export function ScanReceipt({ tripId, onScanned }: ScanReceiptProps) {
  const input = useRef<HTMLInputElement>(null);
  const [busy, setBusy] = useState(false);
  const [notices, setNotices] = useState<string[]>([]);
  const [error, setError] = useState<string | null>(null);

  const scan = async (photo: File) => {
    const problem = receiptFileProblem(photo);
    setNotices([]);
    setError(problem);
    if (problem) return;
    setBusy(true);
    try {
      const answer = await ledgerApi.scanReceipt(tripId, photo);
      setNotices(answer.notices);
      const fields = scannedFields(answer.receipt, userLocale());
      if (fields) onScanned(fields, photo);
    } catch (err) {
      setError(errorMessage(err, 'The receipt could not be read. Type it in, or try another photo.'));
    } finally {
      setBusy(false);
    }
  };

  return (
    <div className={styles.scan}>
      <Button
        variant="secondary"
        loading={busy}
        loadingText="Reading the receipt..."
        onClick={() => input.current?.click()}
      >
        <ScanLine size={18} aria-hidden="true" /> Scan receipt
      </Button>
      <input
        ref={input}
        type="file"
        accept="image/*"
        capture="environment"
        hidden
        aria-label="Receipt photo to scan"
        onChange={(event) => {
          const photo = event.target.files?.[0];
          event.target.value = '';
          if (photo) void scan(photo);
        }}
      />
      {notices.map((notice) => (
        <Notice key={notice} tone={notice === NO_TOTAL_FOUND ? 'error' : 'info'}>
          {notice === NO_TOTAL_FOUND ? notice : `Filled from the photo: ${notice}.`}
        </Notice>
      ))}
      {error && <Notice tone="error">{error}</Notice>}
    </div>
  );
}
