import type { ReactNode } from 'react';
import type { LucideIcon } from 'lucide-react';
import { useDocumentTitle } from '@/shared/useDocumentTitle';
import styles from './AuthLayout.module.css';

interface AuthLayoutProps {
  icon: LucideIcon;
  /** The browser tab's name for this screen. */
  documentTitle: string;
  title: string;
  subtitle: string;
  /** The line under the card, e.g. the link to the other auth screen. */
  footer: ReactNode;
  children: ReactNode;
}

/** The centred card shared by login and signup. */
export function AuthLayout({
  icon: Icon,
  documentTitle,
  title,
  subtitle,
  footer,
  children,
}: AuthLayoutProps) {
  useDocumentTitle(documentTitle);
  return (
    <div className={styles.layout}>
      <section className={styles.card} aria-labelledby="auth-title">
        <div className={styles.mark} aria-hidden="true">
          <Icon size={24} />
        </div>
        <h1 id="auth-title" className={styles.title}>
          {title}
        </h1>
        <p className={styles.subtitle}>{subtitle}</p>
        <div className={styles.content}>{children}</div>
        <p className={styles.footer}>{footer}</p>
      </section>
    </div>
  );
}
