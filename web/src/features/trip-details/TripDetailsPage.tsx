import { useState } from 'react';
import { Link, useParams } from 'react-router';
import { ArrowLeft, Pencil, RefreshCw, Share2, Sparkles, Users, Wallet } from 'lucide-react';
import { cx } from '../../shared/cx';
import { Button, buttonClassName } from '../../shared/ui/Button';
import { Notice } from '../../shared/ui/Notice';
import { SkeletonColumns } from '../../shared/ui/Skeleton';
import { useDocumentTitle } from '../../shared/useDocumentTitle';
import { RecommendationsPanel, useAutoAddPlans, useGuideStatus } from '../ai-guide';
import { DailyPlansBoard } from '../daily-plans';
import { TripMap } from '../map';
import { TripLinksDialog } from '../sharing';
import { peopleLabel, CityPhotoCredit, TripPhoto } from '../trips';
import { useTripWeather } from '../weather';
import type { TripView } from '@wayfare/contract';
import { TripInfoCards } from './TripInfoCards';
import { useTripDetails } from './useTripDetails';
import styles from '../../shared/ui/TripPage.module.css';

export function TripDetailsPage() {
  const { tripId = '' } = useParams();
  const { state, retry, refresh, setPlans, reloadPlans } = useTripDetails(tripId);
  useDocumentTitle(state.status === 'ready' ? state.trip.trip_name : 'Trip Details');

  if (state.status === 'loading') {
    return (
      <div className={styles.page}>
        {/* The hero's own size, so the loaded page does not push what follows down. */}
        <div className={cx(styles.hero, styles.heroPlaceholder)} aria-hidden="true" />
        <SkeletonColumns label="Loading trip details" />
      </div>
    );
  }
  if (state.status !== 'ready') {
    const notFound = state.status === 'not-found';
    return (
      <div className={styles.page}>
        <section className={styles.state} role={notFound ? undefined : 'alert'} aria-labelledby="trip-state">
          <h1 id="trip-state" className={styles.stateTitle}>
            {notFound ? 'Trip Not Found' : 'Failed to load trip details. Please try again.'}
          </h1>
          {notFound && <p>This trip does not exist, or you are not one of its travellers.</p>}
          <div className={styles.stateActions}>
            {!notFound && (
              <Button onClick={retry}>
                <RefreshCw size={18} aria-hidden="true" />
                Try Again
              </Button>
            )}
            <Link to="/trips" className={buttonClassName({ variant: notFound ? 'primary' : 'secondary' })}>
              <ArrowLeft size={18} aria-hidden="true" />
              Back to Trips
            </Link>
          </div>
        </section>
      </div>
    );
  }

  return (
    <TripDetails
      trip={state.trip}
      refreshing={state.refreshing}
      refreshFailed={state.refreshFailed}
      onRefresh={refresh}
      setPlans={setPlans}
      reloadPlans={reloadPlans}
    />
  );
}

interface TripDetailsProps {
  trip: TripView;
  refreshing: boolean;
  refreshFailed: boolean;
  onRefresh: () => void;
  setPlans: Parameters<typeof DailyPlansBoard>[0]['setPlans'];
  reloadPlans: () => Promise<void>;
}

/** The header spans the content column, up to about 1200 px wide: a 1280 px photo covers it. */
const HERO_PHOTO_WIDTH = 1280;

/** The loaded trip: header, then plans on the left and the map on the right from tablet width up. */
function TripDetails({
  trip: loaded,
  refreshing,
  refreshFailed,
  onRefresh,
  setPlans,
  reloadPlans,
}: TripDetailsProps) {
  // A guide still being written fills in here (guide, map sights) once it is done.
  const trip = useGuideStatus(loaded);
  const weather = useTripWeather(trip);
  const [linksOpen, setLinksOpen] = useState(false);
  const autoAdd = useAutoAddPlans(trip, (plans) => setPlans((current) => [...current, ...plans]));
  return (
    <div className={styles.page}>
      <header className={styles.hero}>
        <TripPhoto
          className={styles.heroPhoto}
          imageUrl={trip.image_url}
          place={trip.city_name || trip.trip_name}
          latitude={trip.latitude}
          longitude={trip.longitude}
          maxWidth={HERO_PHOTO_WIDTH}
          labelled={false}
          credit="none"
        />
        <div className={styles.heroShade} />
        <div className={styles.heroBar}>
          <Link to="/trips" className={styles.iconButton} aria-label="Back to trips" title="Back to trips">
            <ArrowLeft size={20} aria-hidden="true" />
          </Link>
          <div className={styles.heroActions}>
            <Link
              to={`/trips/${trip.id}/edit`}
              className={styles.iconButton}
              aria-label="Edit trip"
              title="Edit trip"
            >
              <Pencil size={18} aria-hidden="true" />
            </Link>
            <button
              type="button"
              className={styles.iconButton}
              onClick={() => setLinksOpen(true)}
              aria-label="Calendar and sharing"
              title="Calendar and sharing"
            >
              <Share2 size={18} aria-hidden="true" />
            </button>
            <button
              type="button"
              className={styles.iconButton}
              onClick={onRefresh}
              disabled={refreshing}
              aria-label="Refresh trip"
              title="Refresh trip"
            >
              <RefreshCw className={cx(refreshing && styles.spinning)} size={18} aria-hidden="true" />
            </button>
            <Link
              to={`/trips/${trip.id}/split`}
              className={cx(buttonClassName({ variant: 'accent' }), styles.splitLink)}
            >
              <Wallet size={18} aria-hidden="true" />
              Trip Split
            </Link>
          </div>
        </div>
        <div className={styles.heroFoot}>
          <div>
            <h1 className={styles.tripName}>{trip.trip_name}</h1>
            <p className={styles.heroPeople}>
              <Users size={16} aria-hidden="true" />
              {peopleLabel(trip.participant_count)}
            </p>
          </div>
          <CityPhotoCredit
            className={styles.heroCredit}
            imageUrl={trip.image_url}
            place={trip.city_name || trip.trip_name}
            latitude={trip.latitude}
            longitude={trip.longitude}
            maxWidth={HERO_PHOTO_WIDTH}
          />
        </div>
      </header>

      <TripLinksDialog trip={trip} open={linksOpen} onClose={() => setLinksOpen(false)} />

      {refreshFailed && <Notice tone="error">Failed to refresh trip details.</Notice>}

      <div className={styles.columns}>
        <div className={styles.main}>
          <TripInfoCards trip={trip} />
          <RecommendationsPanel trip={trip} />
          {autoAdd.message && (
            <p className={styles.autoAdd} role="status">
              <Sparkles size={16} aria-hidden="true" />
              {autoAdd.message}
            </p>
          )}
          <DailyPlansBoard trip={trip} weather={weather} setPlans={setPlans} reloadPlans={reloadPlans} />
        </div>
        <aside className={styles.side} aria-label="Map">
          <TripMap trip={trip} />
        </aside>
      </div>
    </div>
  );
}
