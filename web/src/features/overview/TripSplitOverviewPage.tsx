import { Page } from '../../shared/ui/Page';
import { LoadingState } from '../../shared/ui/Spinner';

export function TripSplitOverviewPage() {
  return (
    <Page title="Trip Expense Sharing" subtitle="Shared costs across all your trips, and who owes whom.">
      <LoadingState label="Loading Your Trips..." />
    </Page>
  );
}
