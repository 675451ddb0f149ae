import type { ButtonHTMLAttributes, ReactNode } from 'react';
import { ChevronDown } from 'lucide-react';
import { cx } from '../cx';
import styles from './DisclosureButton.module.css';

interface DisclosureButtonProps extends Omit<ButtonHTMLAttributes<HTMLButtonElement>, 'type'> {
  /** Whether the panel it controls is shown (aria-expanded, and the chevron turned). */
  open: boolean;
  /** outlined (default): a quiet box; dashed: a pill inviting to add something; plain: text inside a card. */
  look?: 'outlined' | 'dashed' | 'plain';
  /** An icon before the label. */
  icon?: ReactNode;
}

/** Shows and hides the panel below it (pass `aria-controls`): its icon and label, then a chevron that turns. */
export function DisclosureButton({
  open,
  look = 'outlined',
  icon,
  className,
  children,
  ...rest
}: DisclosureButtonProps) {
  return (
    <button
      {...rest}
      type="button"
      aria-expanded={open}
      className={cx(styles.button, look !== 'outlined' && styles[look], open && styles.open, className)}
    >
      {icon}
      {children}
      <ChevronDown className={styles.chevron} size={18} aria-hidden="true" />
    </button>
  );
}
