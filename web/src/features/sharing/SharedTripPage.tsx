import { useCallback, useEffect, useState } from 'react';
import { Link, useParams } from 'react-router';
import { Eye, RefreshCw } from 'lucide-react';
import type { SharedTrip } from '@wayfare/contract';
import { ApiError } from '../../shared/api';
import { cx } from '../../shared/cx';
import { Button, buttonClassName } from '../../shared/ui/Button';
import { SkeletonColumns } from '../../shared/ui/Skeleton';
import { useDocumentTitle } from '../../shared/useDocumentTitle';
import { RecommendationsPanel } from '../ai-guide';
import { ReadOnlyPlanDays } from '../daily-plans';
import { TripMap } from '../map';
import { formatDateRange } from '../../shared/dates';
import { TripPhoto } from '../trips';
import { useTripWeather } from '../weather';
import { fetchSharedTrip, fetchSharedWeather } from './linksApi';
import page from '../../shared/ui/TripPage.module.css';
import styles from './Sharing.module.css';

type SharedState =
  | { status: 'loading' }
  | { status: 'ready'; trip: SharedTrip }
  | { status: 'revoked' | 'invalid' | 'error'; message: string };

const stateOf = (error: unknown): SharedState => {
  if (error instanceof ApiError && error.status === 410) return { status: 'revoked', message: error.message };
  if (error instanceof ApiError && (error.status === 404 || error.status === 400)) {
    return { status: 'invalid', message: error.message };
  }
  return { status: 'error', message: 'Failed to load the shared trip. Please try again.' };
};

/** /shared/{tripId}/{token}: a trip's plan as its share link shows it, to anyone, signed in or not. */
export function SharedTripPage() {
  const { tripId = '', token = '' } = useParams();
  const [attempt, setAttempt] = useState(0);
  // Each answer is kept with the request it answers: a new link or a retry reads as loading until its own arrives.
  const key = `${tripId}|${token}|${attempt}`;
  const [loaded, setLoaded] = useState<{ key: string; state: SharedState } | null>(null);
  const state: SharedState = loaded?.key === key ? loaded.state : { status: 'loading' };
  useDocumentTitle(state.status === 'ready' ? state.trip.trip_name : 'Shared trip');

  useEffect(() => {
    const controller = new AbortController();
    fetchSharedTrip(tripId, token, controller.signal).then(
      (trip) => setLoaded({ key, state: { status: 'ready', trip } }),
      (error: unknown) => {
        if (!controller.signal.aborted) setLoaded({ key, state: stateOf(error) });
      },
    );
    return () => controller.abort();
  }, [tripId, token, key]);

  if (state.status === 'loading') {
    return (
      <div className={page.page}>
        <div className={cx(page.hero, page.heroPlaceholder)} aria-hidden="true" />
        <SkeletonColumns label="Loading the shared trip" />
      </div>
    );
  }
  if (state.status !== 'ready') {
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
              <Button onClick={() => setAttempt((n) => n + 1)}>
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
  return <SharedTripView trip={state.trip} token={token} />;
}

function SharedTripView({ trip, token }: { trip: SharedTrip; token: string }) {
  const loadWeather = useCallback(
    (tripId: string, signal: AbortSignal) => fetchSharedWeather(tripId, token, signal),
    [token],
  );
  const weather = useTripWeather(trip, loadWeather);
  return (
    <div className={page.page}>
      <header className={page.hero}>
        <TripPhoto
          className={page.heroPhoto}
          imageUrl={null}
          place={trip.city_name || trip.trip_name}
          labelled={false}
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
