import { Link } from 'react-router';
import { Compass } from 'lucide-react';
import { buttonClassName } from '@/shared/ui/Button';
import { useDocumentTitle } from '@/shared/useDocumentTitle';
import styles from './NotFoundPage.module.css';

export function NotFoundPage() {
  useDocumentTitle('Page not found');
  return (
    <section className={styles.page} aria-labelledby="not-found-title">
      <div className={styles.icon} aria-hidden="true">
        <Compass size={40} strokeWidth={1.5} />
      </div>
      <h1 id="not-found-title" className={styles.title}>
        404 - Page Not Found
      </h1>
      <p className={styles.text}>Sorry, we couldn't find what you were looking for.</p>
      <Link to="/" className={buttonClassName()}>
        Back to home
      </Link>
    </section>
  );
}
