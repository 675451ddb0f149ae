import type { ReactNode } from 'react';
import { useDocumentTitle } from '../useDocumentTitle';
import styles from './Page.module.css';

interface PageProps {
  title: string;
  subtitle?: ReactNode;
  children: ReactNode;
}

/** The frame of an app screen: its one h1, then content in the page width. */
export function Page({ title, subtitle, children }: PageProps) {
  useDocumentTitle(title);
  return (
    <div className={styles.page}>
      <div className={styles.header}>
        <h1 className={styles.title}>{title}</h1>
        {subtitle && <p className={styles.subtitle}>{subtitle}</p>}
      </div>
      {children}
    </div>
  );
}
