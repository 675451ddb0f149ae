import { Suspense, useEffect, useId, useState } from 'react';
import { useInfiniteQuery, useQueryClient } from '@tanstack/react-query';
import { useNavigate } from 'react-router';
import { Plus, RotateCw, Luggage } from 'lucide-react';
import type { TripPage, TripSummary } from '@wayfare/contract';
import { lazyNamed } from '@/shared/lazyNamed';
import { usePagedList } from '@/shared/query/usePagedList';
import { PendingInvitations } from '@/features/invitations';
import { Button } from '@/shared/ui/Button';
import { LoadMore } from '@/shared/ui/LoadMore';
import { useSession } from '@/features/auth';
import { DeleteTripDialog } from './DeleteTripDialog';
import { LeaveTripDialog } from './LeaveTripDialog';
import { TripCard } from './TripCard';
import { PlanNewAdventureButton, TripsFrame, TripsSkeleton } from './TripsFrame';
import { tripsQuery } from './queries';
import { changeTripPages } from './tripMutations';
import { tripsLoadError } from './tripsApi';
import styles from './TripsPage.module.css';

const QuestionFlowModal = lazyNamed(
  () => import('@/features/question-flow/QuestionFlowModal'),
  'QuestionFlowModal',
);

const tripsOf = (page: TripPage) => page.trips;

export function TripsPage() {
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const { items: trips, status, error, retry, more } = usePagedList(useInfiniteQuery(tripsQuery()), tripsOf);
  const [flowOpen, setFlowOpen] = useState(false);
  const [toDelete, setToDelete] = useState<TripSummary | null>(null);
  const [toLeave, setToLeave] = useState<TripSummary | null>(null);
  const { user } = useSession();
  const pageError = more.failed ? tripsLoadError(error) : null;
  // A trip deleted or left takes its card, and with it the ⋮ button the dialog would give focus back to: focus goes
  // to the toolbar's button instead (after the dialog's own hand-back, which runs first), not to the page's body.
  const toolbarButtonId = useId();
  const [cardsGone, setCardsGone] = useState(0);
  useEffect(() => {
    if (cardsGone > 0) document.getElementById(toolbarButtonId)?.focus();
  }, [cardsGone, toolbarButtonId]);
  const cardGone = () => setCardsGone((count) => count + 1);

  const planNewAdventure = <PlanNewAdventureButton onClick={() => setFlowOpen(true)} />;

  return (
    <TripsFrame
      toolbar={
        status !== 'error' && (
          <PlanNewAdventureButton id={toolbarButtonId} onClick={() => setFlowOpen(true)} />
        )
      }
    >
      <PendingInvitations />

      {status === 'loading' && <TripsSkeleton />}

      {status === 'error' && (
        <section className={styles.state} role="alert" aria-labelledby="trips-error">
          <h2 id="trips-error" className={styles.stateTitle}>
            Oops! Something went wrong
          </h2>
          <p className={styles.stateText}>{tripsLoadError(error)}</p>
          <div className={styles.stateActions}>
            <Button onClick={retry}>
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

      {trips?.length === 0 && (
        <section className={styles.state} aria-labelledby="trips-empty">
          <Luggage className={styles.stateIcon} size={40} aria-hidden="true" />
          <h2 id="trips-empty" className={styles.stateTitle}>
            No trips yet
          </h2>
          <p className={styles.stateText}>Answer six quick questions and Wayfare drafts your first trip.</p>
          {planNewAdventure}
        </section>
      )}

      {trips && trips.length > 0 && (
        <ul className={styles.grid} role="list" aria-label="Your trips">
          {trips.map((trip) => (
            <li key={trip.id}>
              <TripCard
                trip={trip}
                onEdit={() => void navigate(`/trips/${trip.id}/edit`)}
                onDelete={() => setToDelete(trip)}
                onLeave={() => setToLeave(trip)}
              />
            </li>
          ))}
        </ul>
      )}
      {trips && (
        <LoadMore
          status={`Showing ${trips.length} trips`}
          available={more.available}
          loading={more.loading}
          error={pageError}
          load={more.load}
        />
      )}

      <DeleteTripDialog
        trip={toDelete}
        onClose={() => setToDelete(null)}
        onDeleted={() => {
          setToDelete(null);
          cardGone();
        }}
      />
      {toLeave && user && (
        <LeaveTripDialog
          open
          tripId={toLeave.id}
          userId={user.userId}
          isOwner={toLeave.user_role === 'owner'}
          onClose={() => setToLeave(null)}
          onLeft={() => {
            setToLeave(null);
            cardGone();
          }}
        />
      )}
      {flowOpen && (
        <Suspense fallback={null}>
          <QuestionFlowModal
            open={flowOpen}
            onClose={() => setFlowOpen(false)}
            onCreated={(trip) =>
              changeTripPages(queryClient, (list, index) => (index === 0 ? [trip, ...list] : list))
            }
          />
        </Suspense>
      )}
    </TripsFrame>
  );
}
