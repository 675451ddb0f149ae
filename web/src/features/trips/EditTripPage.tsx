import { useQuery } from '@tanstack/react-query';
import { Link, useParams } from 'react-router';
import { ArrowLeft } from 'lucide-react';
import { buttonClassName } from '@/shared/ui/Button';
import { Notice } from '@/shared/ui/Notice';
import { Page } from '@/shared/ui/Page';
import { LoadingState } from '@/shared/ui/Spinner';
import { EditTripForm } from './EditTripForm';
import { isNotFound, tripQuery } from './queries';
import styles from './EditTripPage.module.css';

export function EditTripPage() {
  const { tripId = '' } = useParams();
  // The form starts from a fresh read, not from a cached trip another member may have changed since.
  const {
    data: trip,
    error,
    isError,
    isFetchedAfterMount,
  } = useQuery({
    ...tripQuery(tripId),
    refetchOnMount: 'always',
  });

  return (
    <Page title="Edit Trip">
      {!isError && !(trip && isFetchedAfterMount) && <LoadingState label="Loading trip…" />}
      {isError && (
        <div className={styles.failed}>
          <Notice tone="error">
            {isNotFound(error) ? 'Trip Not Found' : 'Failed to load trip details. Please try again.'}
          </Notice>
          <Link to="/trips" className={buttonClassName({ variant: 'secondary' })}>
            <ArrowLeft size={18} aria-hidden="true" />
            Back to Trips
          </Link>
        </div>
      )}
      {trip && isFetchedAfterMount && !isError && <EditTripForm trip={trip} />}
    </Page>
  );
}
