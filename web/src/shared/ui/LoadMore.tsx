import { useEffect, useRef } from 'react';
import { RefreshCw } from 'lucide-react';
import { Button } from './Button';
import { Notice } from './Notice';
import styles from './LoadMore.module.css';

interface LoadMoreProps {
  /** What is shown so far, read out politely as it grows ("Showing 24 of 500 trips"). */
  status: string;
  /** Whether another page exists. */
  available: boolean;
  loading: boolean;
  /** Why the last page failed, shown with a Retry button (no more automatic tries until then). */
  error: string | null;
  load: () => void;
}

/**
 * The end of a paged list: the next page loads by itself as this comes within a screen of the viewport, and a
 * "Load more" button does the same for keyboards and where nothing scrolls. Its height stays the same while
 * loading, so nothing jumps.
 */
export function LoadMore({ status, available, loading, error, load }: LoadMoreProps) {
  const sentinel = useRef<HTMLDivElement>(null);
  const automatic = available && !loading && !error;
  useEffect(() => {
    const element = sentinel.current;
    if (!automatic || !element || typeof IntersectionObserver === 'undefined') return;
    // A new observer reports the current state at once: a short page that leaves the end in view loads the next.
    const observer = new IntersectionObserver((entries) => entries.some((e) => e.isIntersecting) && load(), {
      rootMargin: '100% 0px',
    });
    observer.observe(element);
    return () => observer.disconnect();
  }, [automatic, load]);

  if (!available && !error) return null;
  return (
    <div ref={sentinel} className={styles.more}>
      <span className={styles.status} aria-live="polite">
        {status}
      </span>
      {error && <Notice tone="error">{error}</Notice>}
      <Button variant="secondary" loading={loading} loadingText="Loading..." onClick={load}>
        {error ? (
          <>
            <RefreshCw size={18} aria-hidden="true" /> Retry
          </>
        ) : (
          'Load more'
        )}
      </Button>
    </div>
  );
}
