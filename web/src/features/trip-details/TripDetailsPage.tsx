import { Page } from '../../shared/ui/Page';
import { SkeletonColumns } from '../../shared/ui/Skeleton';

export function TripDetailsPage() {
  return (
    <Page title="Trip Details">
      <SkeletonColumns label="Loading trip details" />
    </Page>
  );
}
