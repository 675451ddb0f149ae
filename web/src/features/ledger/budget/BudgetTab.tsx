import { Suspense } from 'react';
import { lazyNamed } from '@/shared/lazyNamed';
import { LoadingState } from '@/shared/ui/Spinner';

// The charts, the budget form and their model load when a Budget tab is first chosen, not with the ledger.
const BudgetPanel = lazyNamed(() => import('./BudgetPanel'), 'BudgetPanel');

/** A Budget tab's content (split page and overview card): the money at a glance and the budget, loaded lazily. */
export function BudgetTab({ tripId, withSummary }: { tripId: string; withSummary?: boolean }) {
  return (
    <Suspense fallback={<LoadingState label="Loading the budget" />}>
      <BudgetPanel tripId={tripId} withSummary={withSummary} />
    </Suspense>
  );
}
