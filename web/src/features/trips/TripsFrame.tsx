import type { ComponentProps, ReactNode } from 'react';
import { Plus } from 'lucide-react';
import { Button } from '@/shared/ui/Button';
import { Page } from '@/shared/ui/Page';
import { SkeletonCards } from '@/shared/ui/Skeleton';
import styles from './TripsFrame.module.css';

/**
 * /trips' frame: its heading and the toolbar above the list. The page draws it, and index.html draws it (loading,
 * TripsLoadingFrame, rendered at build time: app/shell/renderShell.tsx) before the app runs, with the same markup,
 * so nothing moves when the page takes over.
 */
export function TripsFrame({ toolbar, children }: { toolbar: ReactNode; children: ReactNode }) {
  return (
    <Page title="My Trips" subtitle="Every trip you plan or join, in one place.">
      <div className={styles.toolbar}>{toolbar}</div>
      {children}
    </Page>
  );
}

export function PlanNewAdventureButton(props: Omit<ComponentProps<typeof Button>, 'variant' | 'children'>) {
  return (
    <Button variant="accent" {...props}>
      <Plus size={18} aria-hidden="true" />
      Plan New Adventure
    </Button>
  );
}

export function TripsSkeleton() {
  return <SkeletonCards label="Loading your trips" />;
}

/**
 * The page as index.html shows it, loading, before the app runs: the toolbar's button keeps its place but is not
 * shown (it cannot act yet; hidden, it can be neither seen, focused nor clicked), then the page's own takes it.
 */
export function TripsLoadingFrame() {
  return (
    <TripsFrame toolbar={<PlanNewAdventureButton className={styles.notYet} />}>
      <TripsSkeleton />
    </TripsFrame>
  );
}
