import { useEffect, useState } from 'react';
import { Link, useParams } from 'react-router';
import { ArrowLeft } from 'lucide-react';
import type { TripView } from '@wayfare/contract';
import { ApiError } from '../../shared/api';
import { buttonClassName } from '../../shared/ui/Button';
import { Notice } from '../../shared/ui/Notice';
import { Page } from '../../shared/ui/Page';
import { LoadingState } from '../../shared/ui/Spinner';
import { EditTripForm } from './EditTripForm';
import { fetchTrip } from './tripsApi';
import styles from './EditTripPage.module.css';

type LoadState =
  { status: 'loading' } | { status: 'not-found' } | { status: 'error' } | { status: 'ready'; trip: TripView };

export function EditTripPage() {
  const { tripId = '' } = useParams();
  const [state, setState] = useState<LoadState>({ status: 'loading' });

  useEffect(() => {
    const controller = new AbortController();
    fetchTrip(tripId, controller.signal).then(
      (trip) => setState({ status: 'ready', trip }),
      (error: unknown) => {
        if (controller.signal.aborted) return;
        setState(
          error instanceof ApiError && error.status === 404 ? { status: 'not-found' } : { status: 'error' },
        );
      },
    );
    return () => controller.abort();
  }, [tripId]);

  return (
    <Page title="Edit Trip">
      {state.status === 'loading' && <LoadingState label="Loading trip…" />}
      {(state.status === 'not-found' || state.status === 'error') && (
        <div className={styles.failed}>
          <Notice tone="error">
            {state.status === 'not-found'
              ? 'Trip Not Found'
              : 'Failed to load trip details. Please try again.'}
          </Notice>
          <Link to="/trips" className={buttonClassName({ variant: 'secondary' })}>
            <ArrowLeft size={18} aria-hidden="true" />
            Back to Trips
          </Link>
        </div>
      )}
      {state.status === 'ready' && <EditTripForm trip={state.trip} />}
    </Page>
  );
}
