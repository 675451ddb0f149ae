import { Page } from '../../shared/ui/Page';
import { SkeletonColumns } from '../../shared/ui/Skeleton';

export function TripSplitPage() {
  return (
    <Page title="Trip Split">
      <SkeletonColumns label="Loading trip expenses" />
    </Page>
  );
}
