import { Suspense, useCallback, useEffect, useState } from 'react';
import { useNavigate } from 'react-router';
import { Plus, RotateCw, Luggage } from 'lucide-react';
import type { TripSummary } from '@wayfare/contract';
import { lazyNamed } from '../../shared/lazyNamed';
import { PendingInvitations } from '../invitations';
import { Button } from '../../shared/ui/Button';
import { Page } from '../../shared/ui/Page';
import { SkeletonCards } from '../../shared/ui/Skeleton';
import { DeleteTripDialog } from './DeleteTripDialog';
import { TripCard } from './TripCard';
import { fetchTrips, tripsLoadError } from './tripsApi';
import styles from './TripsPage.module.css';

const QuestionFlowModal = lazyNamed(() => import('../question-flow/QuestionFlowModal'), 'QuestionFlowModal');

type ListState =
  { status: 'loading' } | { status: 'error'; message: string } | { status: 'ready'; trips: TripSummary[] };

export function TripsPage() {
  const navigate = useNavigate();
  const [state, setState] = useState<ListState>({ status: 'loading' });
  const [flowOpen, setFlowOpen] = useState(false);
  const [toDelete, setToDelete] = useState<TripSummary | null>(null);

  const load = useCallback((signal?: AbortSignal) => {
    fetchTrips(signal).then(
      (trips) => setState({ status: 'ready', trips }),
      (error: unknown) => {
        if (!signal?.aborted) setState({ status: 'error', message: tripsLoadError(error) });
      },
    );
  }, []);

  useEffect(() => {
    const controller = new AbortController();
    load(controller.signal);
    return () => controller.abort();
  }, [load]);

  const planNewAdventure = (
    <Button variant="accent" onClick={() => setFlowOpen(true)}>
      <Plus size={18} aria-hidden="true" />
      Plan New Adventure
    </Button>
  );

  return (
    <Page title="My Trips" subtitle="Every trip you plan or join, in one place.">
      <div className={styles.toolbar}>{state.status !== 'error' && planNewAdventure}</div>
      <PendingInvitations onJoined={() => load()} />

      {state.status === 'loading' && <SkeletonCards label="Loading your trips" />}

      {state.status === 'error' && (
        <section className={styles.state} role="alert" aria-labelledby="trips-error">
          <h2 id="trips-error" className={styles.stateTitle}>
            Oops! Something went wrong
          </h2>
          <p className={styles.stateText}>{state.message}</p>
          <div className={styles.stateActions}>
            <Button
              onClick={() => {
                setState({ status: 'loading' });
                load();
              }}
            >
              <RotateCw size={18} aria-hidden="true" />
              Try Again
            </Button>
            <Button variant="secondary" onClick={() => setFlowOpen(true)}>
              <Plus size={18} aria-hidden="true" />
              Create New Trip
            </Button>
          </div>
        </section>
      )}

      {state.status === 'ready' && state.trips.length === 0 && (
        <section className={styles.state} aria-labelledby="trips-empty">
          <Luggage className={styles.stateIcon} size={40} aria-hidden="true" />
          <h2 id="trips-empty" className={styles.stateTitle}>
            No trips yet
          </h2>
          <p className={styles.stateText}>Answer six quick questions and Wayfare drafts your first trip.</p>
          {planNewAdventure}
        </section>
      )}

      {state.status === 'ready' && state.trips.length > 0 && (
        <ul className={styles.grid} role="list" aria-label="Your trips">
          {state.trips.map((trip) => (
            <li key={trip.id}>
              <TripCard
                trip={trip}
                onEdit={() => void navigate(`/trips/${trip.id}/edit`)}
                onDelete={() => setToDelete(trip)}
              />
            </li>
          ))}
        </ul>
      )}

      <DeleteTripDialog
        trip={toDelete}
        onClose={() => setToDelete(null)}
        onDeleted={(tripId) => {
          setToDelete(null);
          setState((current) =>
            current.status === 'ready'
              ? { ...current, trips: current.trips.filter((t) => t.id !== tripId) }
              : current,
          );
        }}
      />
      {flowOpen && (
        <Suspense fallback={null}>
          <QuestionFlowModal
            open={flowOpen}
            onClose={() => setFlowOpen(false)}
            onCreated={(trip) =>
              setState((current) =>
                current.status === 'ready' ? { ...current, trips: [trip, ...current.trips] } : current,
              )
            }
          />
        </Suspense>
      )}
    </Page>
  );
}
