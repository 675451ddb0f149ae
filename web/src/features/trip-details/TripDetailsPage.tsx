import { Suspense, useState } from 'react';
import { Link, useParams } from 'react-router';
import { ArrowLeft, Pencil, RefreshCw, Share2, Users, Wallet } from 'lucide-react';
import { cx } from '@/shared/cx';
import { lazyNamed } from '@/shared/lazyNamed';
import { Button, buttonClassName } from '@/shared/ui/Button';
import { Notice } from '@/shared/ui/Notice';
import { SkeletonBlock, SkeletonColumns } from '@/shared/ui/Skeleton';
import { useAfterPaint } from '@/shared/useAfterPaint';
import { useDocumentTitle } from '@/shared/useDocumentTitle';
import { useGuideStatus } from '@/features/ai-guide';
import { peopleLabel, CityPhotoCredit, TripPhoto } from '@/features/trips';
import type { TripView } from '@wayfare/contract';
import { TripInfoCards } from './TripInfoCards';
import type { TripPlanningProps } from './TripSections';
import { useTripDetails } from './useTripDetails';
import styles from '@/shared/ui/TripPage.module.css';

// The first render is the header and the trip's facts (the largest text on a phone's first screen). The guide and
// the plan board, the map and the links dialog are chunks of their own, fetched once the trip is on screen (issue
// #24: not against its first answer and chunks on a slow network), so their code and schemas neither delay nor
// lengthen the page's first render.
const TripPlanning = lazyNamed(() => import('./TripSections'), 'TripPlanning');
const TripMap = lazyNamed(() => import('@/features/map'), 'TripMap');
const TripLinksDialog = lazyNamed(() => import('@/features/sharing'), 'TripLinksDialog');

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
  setPlans: TripPlanningProps['setPlans'];
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
  const [linksOpen, setLinksOpen] = useState(false);
  // The links dialog's code is fetched when it is first opened, and it stays mounted from then on.
  const [linksUsed, setLinksUsed] = useState(false);
  const shown = useAfterPaint();
  const sectionsPlaceholder = <SkeletonBlock className={styles.sectionsPlaceholder} />;
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
              onClick={() => {
                setLinksUsed(true);
                setLinksOpen(true);
              }}
              aria-label="Calendar and sharing"
              title="Calendar and sharing"
            >
              <Share2 size={18} aria-hidden="true" />
            </button>
            {/* aria-disabled, not disabled, while it reads: a disabled button loses the keyboard's focus. */}
            <button
              type="button"
              className={styles.iconButton}
              onClick={refreshing ? undefined : onRefresh}
              aria-disabled={refreshing || undefined}
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

      {linksUsed && (
        <Suspense fallback={null}>
          <TripLinksDialog trip={trip} open={linksOpen} onClose={() => setLinksOpen(false)} />
        </Suspense>
      )}

      {refreshFailed && <Notice tone="error">Failed to refresh trip details.</Notice>}

      <div className={styles.columns}>
        <div className={styles.main}>
          <TripInfoCards trip={trip} />
          {/* Taller than the screen below the facts, so the footer stays out of sight until the plans push it. */}
          <Suspense fallback={sectionsPlaceholder}>
            {shown ? (
              <TripPlanning trip={trip} setPlans={setPlans} reloadPlans={reloadPlans} />
            ) : (
              sectionsPlaceholder
            )}
          </Suspense>
        </div>
        <aside className={styles.side} aria-label="Map">
          {/* Nothing below the map in its column: it appears without moving anything. */}
          <Suspense fallback={null}>{shown && <TripMap trip={trip} />}</Suspense>
        </aside>
      </div>
    </div>
  );
}
