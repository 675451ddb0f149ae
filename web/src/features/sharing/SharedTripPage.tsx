import { useMemo } from 'react';
import { useQuery } from '@tanstack/react-query';
import { Link, useParams } from 'react-router';
import { Eye, RefreshCw } from 'lucide-react';
import type { SharedTrip } from '@wayfare/contract';
import { ApiError } from '@/shared/api';
import { cx } from '@/shared/cx';
import { Button, buttonClassName } from '@/shared/ui/Button';
import { SkeletonColumns } from '@/shared/ui/Skeleton';
import { queryKeys } from '@/shared/query/queryKeys';
import { STALE } from '@/shared/query/queryClient';
import { useDocumentTitle } from '@/shared/useDocumentTitle';
import { RecommendationsPanel } from '@/features/ai-guide';
import { ReadOnlyPlanDays } from '@/features/daily-plans';
import { TripMap } from '@/features/map';
import { formatDateRange } from '@/shared/dates';
import { TripPhoto } from '@/features/trips';
import { useTripWeather } from '@/features/weather';
import { fetchSharedTrip, fetchSharedWeather, sharedPhotoPath } from './linksApi';
import page from '@/shared/ui/TripPage.module.css';
import styles from './Sharing.module.css';

type FailedState = { status: 'revoked' | 'invalid' | 'error'; message: string };

const stateOf = (error: unknown): FailedState => {
  if (error instanceof ApiError && error.status === 410) return { status: 'revoked', message: error.message };
  if (error instanceof ApiError && (error.status === 404 || error.status === 400)) {
    return { status: 'invalid', message: error.message };
  }
  return { status: 'error', message: 'Failed to load the shared trip. Please try again.' };
};

/** /shared/{tripId}/{token}: a trip's plan as its share link shows it, to anyone, signed in or not. */
export function SharedTripPage() {
  const { tripId = '', token = '' } = useParams();
  // A read-only snapshot: kept fresh for five minutes; a turned-off link (410) or a bad one is not retried.
  const { data, error, isError, isFetching, refetch } = useQuery({
    queryKey: queryKeys.sharedTrip(tripId, token),
    queryFn: ({ signal }) => fetchSharedTrip(tripId, token, signal),
    staleTime: STALE.SNAPSHOT,
  });
  useDocumentTitle(data ? data.trip_name : 'Shared trip');

  if (!data && !(isError && !isFetching)) {
    return (
      <div className={page.page}>
        <div className={cx(page.hero, page.heroPlaceholder)} aria-hidden="true" />
        <SkeletonColumns label="Loading the shared trip" />
      </div>
    );
  }
  if (!data) {
    const state = stateOf(error);
    const title =
      state.status === 'revoked'
        ? 'This share link was turned off'
        : state.status === 'invalid'
          ? 'This share link does not work'
          : 'Failed to load the shared trip';
    return (
      <div className={page.page}>
        <section className={page.state} role="alert" aria-labelledby="shared-state">
          <h1 id="shared-state" className={page.stateTitle}>
            {title}
          </h1>
          <p>{state.message}</p>
          <div className={page.stateActions}>
            {state.status === 'error' && (
              <Button onClick={() => void refetch()}>
                <RefreshCw size={18} aria-hidden="true" />
                Try Again
              </Button>
            )}
            <Link to="/" className={buttonClassName({ variant: 'secondary' })}>
              Go to Wayfare
            </Link>
          </div>
        </section>
      </div>
    );
  }
  return <SharedTripView trip={data} token={token} />;
}

function SharedTripView({ trip, token }: { trip: SharedTrip; token: string }) {
  const source = useMemo(
    () => ({
      queryKey: queryKeys.sharedWeather(trip.id, token),
      load: (signal: AbortSignal) => fetchSharedWeather(trip.id, token, signal),
    }),
    [trip.id, token],
  );
  const weather = useTripWeather(trip, source);
  return (
    <div className={page.page}>
      <header className={page.hero}>
        <TripPhoto
          className={page.heroPhoto}
          imageUrl={null}
          place={trip.city_name || trip.trip_name}
          labelled={false}
          // Signed out: the link's own photo address, not the members' GET /api/places/photo.
          photoPath={({ maxWidth }) => sharedPhotoPath(trip.id, token, maxWidth)}
        />
        <div className={page.heroShade} />
        <p className={styles.sharedBadge}>
          <Eye size={16} aria-hidden="true" />
          Shared trip · read only
        </p>
        <div className={page.heroTitle}>
          <h1 className={page.tripName}>{trip.trip_name}</h1>
          <p className={page.heroPeople}>
            {[trip.city_name, formatDateRange(trip.start_date, trip.end_date)].filter(Boolean).join(' · ')}
          </p>
        </div>
      </header>
      <div className={page.columns}>
        <div className={page.main}>
          <RecommendationsPanel trip={trip} />
          <ReadOnlyPlanDays trip={trip} weather={weather} />
        </div>
        <aside className={page.side} aria-label="Map">
          <TripMap trip={trip} />
        </aside>
      </div>
    </div>
  );
}
