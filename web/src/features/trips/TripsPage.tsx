import { Page } from '../../shared/ui/Page';
import { SkeletonCards } from '../../shared/ui/Skeleton';

export function TripsPage() {
  return (
    <Page title="My Trips" subtitle="Every trip you plan or join, in one place.">
      <SkeletonCards label="Loading your trips" />
    </Page>
  );
}
