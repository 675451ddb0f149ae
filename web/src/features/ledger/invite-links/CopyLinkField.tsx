import { useState } from 'react';
import { Check, Copy } from 'lucide-react';
import { Button } from '@/shared/ui/Button';
import { TextInput } from '@/shared/ui/Field';
import { Notice } from '@/shared/ui/Notice';
import styles from './CopyLinkField.module.css';

interface CopyLinkFieldProps {
  label: string;
  name: string;
  url: string;
  hint: string;
  /** The button's label and what it says once copied, for text that is not a link. */
  copyLabel?: string;
  copiedText?: string;
}

/**
 * A link shown to be shared: read-only (selected when focused, to copy by hand) with its Copy button, and whether
 * copying worked. Give it the url as its key: a new link starts uncopied.
 */
export function CopyLinkField({
  label,
  name,
  url,
  hint,
  copyLabel = 'Copy link',
  copiedText = 'Link copied.',
}: CopyLinkFieldProps) {
  const [copied, setCopied] = useState<'no' | 'yes' | 'failed'>('no');
  const copy = async () => {
    try {
      await navigator.clipboard.writeText(url);
      setCopied('yes');
    } catch {
      setCopied('failed');
    }
  };
  return (
    <div className={styles.field}>
      <div className={styles.row}>
        <TextInput
          label={label}
          name={name}
          readOnly
          value={url}
          onFocus={(e) => e.currentTarget.select()}
          hint={hint}
        />
        <Button variant="secondary" onClick={() => void copy()}>
          {copied === 'yes' ? <Check size={18} aria-hidden="true" /> : <Copy size={18} aria-hidden="true" />}
          {copied === 'yes' ? 'Copied' : copyLabel}
        </Button>
      </div>
      {copied === 'yes' && (
        <p className={styles.status} role="status">
          {copiedText}
        </p>
      )}
      {copied === 'failed' && (
        <Notice tone="error">Could not copy. Select the link and copy it yourself.</Notice>
      )}
    </div>
  );
}
