import { useState } from 'react';
import { useInfiniteQuery } from '@tanstack/react-query';
import { History, RotateCcw } from 'lucide-react';
import { errorMessage } from '@/shared/api';
import { money, userLocale } from '@/shared/locale';
import { Button } from '@/shared/ui/Button';
import { Notice } from '@/shared/ui/Notice';
import { LoadingState } from '@/shared/ui/Spinner';
import { activityQuery } from './budgetApi';
import { useRestoreExpense } from './budgetMutations';
import { entryText } from './activityText';
import styles from './Glance.module.css';
import { useGuestSession } from '@/features/auth';

/**
 * The trip's history, newest first, a page at a time: who changed what and when. A deleted expense has "Restore"
 * beside it (one new change, which the ledger and this list then show, live).
 */
export function ActivityList({ tripId }: { tripId: string }) {
  const restoration = useRestoreExpense(tripId);
  // Restoring is the trip members' (a guest session adds, edits and deletes expenses, nothing more).
  const guest = useGuestSession();
  const history = useInfiniteQuery(activityQuery(tripId));
  const [restoring, setRestoring] = useState<string | null>(null);
  const [restoreError, setRestoreError] = useState<string | null>(null);
  const locale = userLocale();
  const when = new Intl.DateTimeFormat(locale, { dateStyle: 'medium', timeStyle: 'short' });

  const restore = async (entryId: string) => {
    setRestoring(entryId);
    setRestoreError(null);
    try {
      await restoration.mutateAsync(entryId);
    } catch (err) {
      setRestoreError(errorMessage(err, 'Failed to restore the expense. Please try again.'));
    } finally {
      setRestoring(null);
    }
  };

  if (history.isPending) return <LoadingState label="Loading the history" />;
  if (history.isError && !history.data) {
    return <Notice tone="error">{errorMessage(history.error, 'Failed to load the history')}</Notice>;
  }
  const pages = history.data.pages;
  const entries = pages.flatMap((page) => page.entries.map((entry) => ({ entry, page })));
  return (
    <section className={styles.history} aria-labelledby={`${tripId}-history`}>
      <h2 id={`${tripId}-history`} className={styles.sectionTitle}>
        <History size={18} aria-hidden="true" /> What changed
      </h2>
      {restoreError && <Notice tone="error">{restoreError}</Notice>}
      {entries.length === 0 ? (
        <p className={styles.muted}>
          Nothing has changed yet: added expenses, edits and payments will show here.
        </p>
      ) : (
        <ol className={styles.entries} aria-label="History, newest first">
          {entries.map(({ entry, page }) => {
            const text = entryText(entry, page.people, (minor) => money(minor, page.home_currency), locale);
            return (
              <li key={entry.id} className={styles.entry}>
                <p className={styles.entryLine}>{text.line}</p>
                {text.details.length > 0 && (
                  <ul className={styles.entryDetails}>
                    {text.details.map((detail) => (
                      <li key={detail}>{detail}</li>
                    ))}
                  </ul>
                )}
                <div className={styles.entryFoot}>
                  <time dateTime={entry.at} className={styles.muted}>
                    {when.format(new Date(entry.at))}
                  </time>
                  {entry.kind === 'expense.deleted' &&
                    (entry.restored_as === null ? (
                      !guest && (
                        <Button
                          variant="secondary"
                          loading={restoring === entry.id}
                          loadingText="Restoring…"
                          disabled={restoring !== null}
                          onClick={() => void restore(entry.id)}
                          aria-label={`Restore “${entry.expense.title}”`}
                        >
                          <RotateCcw size={16} aria-hidden="true" /> Restore
                        </Button>
                      )
                    ) : (
                      <span className={styles.muted}>Restored</span>
                    ))}
                </div>
              </li>
            );
          })}
        </ol>
      )}
      {history.hasNextPage && (
        <Button
          variant="secondary"
          loading={history.isFetchingNextPage}
          loadingText="Loading…"
          onClick={() => void history.fetchNextPage()}
        >
          Load more
        </Button>
      )}
      {history.isFetchNextPageError && <Notice tone="error">Failed to load more of the history</Notice>}
    </section>
  );
}
