import { TriangleAlert } from 'lucide-react';
import { Button } from '@/shared/ui/Button';
import styles from './ErrorFallback.module.css';

/** Shown instead of a screen that crashed; a full reload clears whatever state broke it. */
export function ErrorFallback() {
  return (
    <section className={styles.panel} role="alert" aria-labelledby="error-title">
      <div className={styles.icon} aria-hidden="true">
        <TriangleAlert size={26} />
      </div>
      <h1 id="error-title" className={styles.title}>
        Something went wrong
      </h1>
      <p className={styles.text}>This page ran into an unexpected problem. Reloading usually fixes it.</p>
      <div className={styles.actions}>
        <Button onClick={() => window.location.reload()}>Reload page</Button>
        <a className={styles.home} href="/">
          Go to the home page
        </a>
      </div>
    </section>
  );
}
