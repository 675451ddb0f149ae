import type { ReactNode } from 'react';
import { Page } from '@/shared/ui/Page';
import { LoadingState } from '@/shared/ui/Spinner';

/**
 * /trip-split's frame: its heading. The page draws it, and index.html draws it (loading, OverviewLoadingFrame,
 * rendered at build time: app/shell/renderShell.tsx) before the app runs, with the same markup, so nothing moves
 * when the page takes over.
 */
export function OverviewFrame({ children }: { children: ReactNode }) {
  return (
    <Page title="Trip Expense Sharing" subtitle="Shared costs across all your trips, and who owes whom.">
      {children}
    </Page>
  );
}

export function OverviewLoading() {
  return <LoadingState label="Loading Your Trips..." />;
}

/** The page as it first shows, loading (index.html's frame). */
export function OverviewLoadingFrame() {
  return (
    <OverviewFrame>
      <OverviewLoading />
    </OverviewFrame>
  );
}
