import { Page } from '../../shared/ui/Page';
import { LoadingState } from '../../shared/ui/Spinner';

export function EditTripPage() {
  return (
    <Page title="Edit Trip">
      <LoadingState label="Loading trip…" />
    </Page>
  );
}
