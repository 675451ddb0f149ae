import { useState } from 'react';
import { FileText } from 'lucide-react';
import { isImageReceipt, type Receipt } from '@wayfare/contract';
import { Modal } from '@/shared/ui/Modal';
import styles from './Receipt.module.css';

interface ReceiptThumbnailProps {
  receipt: Receipt;
  /** The expense's title, to name the receipt. */
  title: string;
  /** Opens a photo in a new tab too, rather than in a dialog (inside a dialog already). */
  opensInTab?: boolean;
}

/**
 * A receipt as a small square: a photo's thumbnail that opens the photo in a dialog, or a document icon that opens
 * the PDF in a new tab (the browser's own viewer). Both addresses are signed for the signed-in member.
 */
export function ReceiptThumbnail({ receipt, title, opensInTab = false }: ReceiptThumbnailProps) {
  const [open, setOpen] = useState(false);
  const photo = isImageReceipt(receipt);
  const face = photo ? (
    <img src={receipt.thumbnail_url ?? receipt.url} alt="" loading="lazy" width={48} height={48} />
  ) : (
    <FileText size={22} aria-hidden="true" />
  );
  if (!photo || opensInTab) {
    return (
      <a
        className={styles.thumb}
        href={receipt.url}
        target="_blank"
        rel="noopener noreferrer"
        aria-label={`Receipt for ${title} (${photo ? 'photo' : 'PDF'}, opens in a new tab)`}
        title="Open receipt"
      >
        {face}
      </a>
    );
  }
  return (
    <>
      <button
        type="button"
        className={styles.thumb}
        aria-label={`Receipt for ${title}`}
        title="View receipt"
        onClick={() => setOpen(true)}
      >
        {face}
      </button>
      {open && (
        <Modal open onClose={() => setOpen(false)} title={`Receipt: ${title}`}>
          <div className={styles.full}>
            <img src={receipt.url} alt={`Receipt for ${title}`} />
            <a href={receipt.url} target="_blank" rel="noopener noreferrer">
              Open full size in a new tab
            </a>
          </div>
        </Modal>
      )}
    </>
  );
}
