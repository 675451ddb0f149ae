import type { ReactNode } from 'react';
import { CircleAlert, Info } from 'lucide-react';
import { cx } from '../cx';
import styles from './Notice.module.css';

interface NoticeProps {
  tone: 'info' | 'error';
  children: ReactNode;
  /** A second line with more detail, e.g. the server's explanation under a fixed headline. */
  detail?: ReactNode;
}

/** A message box: errors are announced at once (alert), information politely (status). */
export function Notice({ tone, children, detail }: NoticeProps) {
  const Icon = tone === 'error' ? CircleAlert : Info;
  return (
    <div className={cx(styles.notice, styles[tone])} role={tone === 'error' ? 'alert' : 'status'}>
      <Icon className={styles.icon} size={18} aria-hidden="true" />
      <div className={styles.body}>
        <p className={detail ? styles.title : undefined}>{children}</p>
        {detail && <p className={styles.detail}>{detail}</p>}
      </div>
    </div>
  );
}
