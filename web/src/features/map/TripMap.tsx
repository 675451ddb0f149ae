import { Suspense, useCallback, useMemo, useRef, useState, type ReactNode } from 'react';
import { Map as MapIcon, MapPinOff } from 'lucide-react';
import { DEFAULT_MAP_TILE_ATTRIBUTION, DEFAULT_MAP_TILE_URL, type TripView } from '@wayfare/contract';
import { lazyNamed } from '@/shared/lazyNamed';
import { Notice } from '@/shared/ui/Notice';
import { useNearViewport } from '@/shared/useNearViewport';
import { KeylessMap } from './KeylessMap';
import { mapAttractions, tripCentre } from './mapPoints';
import styles from './TripMap.module.css';

// The Maps SDK and its React bindings are their own chunk, fetched only when a key is set and a map is shown.
const GoogleTripMap = lazyNamed(() => import('./GoogleTripMap'), 'GoogleTripMap');
const MAPS_KEY: string | undefined = import.meta.env.VITE_GOOGLE_MAPS_API_KEY || undefined;
// Without a key: Leaflet and its tiles, also their own chunk, so the trip page's first render does not wait for them.
const LeafletTripMap = lazyNamed(() => import('./LeafletTripMap'), 'LeafletTripMap');
const TILE_URL: string = import.meta.env.VITE_MAP_TILE_URL || DEFAULT_MAP_TILE_URL;
const TILE_ATTRIBUTION: string = import.meta.env.VITE_MAP_TILE_ATTRIBUTION || DEFAULT_MAP_TILE_ATTRIBUTION;

/**
 * The trip map: Google Maps with a key; without one a tiled map (OpenStreetMap by default), or the offline plot
 * when the device is offline or no tile loads; 'Map Unavailable' without coordinates.
 */
export function TripMap({ trip }: { trip: Pick<TripView, 'latitude' | 'longitude' | 'attractions'> }) {
  const [tilesFailed, setTilesFailed] = useState(() => !navigator.onLine);
  const onTilesFailed = useCallback(() => setTilesFailed(true), []);
  const centre = useMemo(() => tripCentre(trip), [trip]);
  const attractions = useMemo(
    () => (centre ? mapAttractions(trip.attractions, centre) : []),
    [trip.attractions, centre],
  );

  if (!centre) {
    return (
      <section className={styles.unavailable} aria-labelledby="map-unavailable">
        <MapPinOff size={36} aria-hidden="true" />
        <h2 id="map-unavailable" className={styles.unavailableTitle}>
          Map Unavailable
        </h2>
        <p>Location coordinates are not available for this trip.</p>
      </section>
    );
  }

  return (
    <section className={styles.card} aria-labelledby="trip-map-title">
      <h2 id="trip-map-title" className={styles.title}>
        <MapIcon size={20} aria-hidden="true" />
        Trip Map
      </h2>
      {MAPS_KEY ? (
        <MapSlot>
          <GoogleTripMap apiKey={MAPS_KEY} centre={centre} attractions={attractions} />
        </MapSlot>
      ) : tilesFailed ? (
        <>
          <Notice tone="info">The map tiles could not load; showing the offline map.</Notice>
          <KeylessMap centre={centre} attractions={attractions} />
        </>
      ) : (
        <MapSlot>
          <LeafletTripMap
            centre={centre}
            attractions={attractions}
            tileUrl={TILE_URL}
            attribution={TILE_ATTRIBUTION}
            onTilesFailed={onTilesFailed}
          />
        </MapSlot>
      )}
    </section>
  );
}

/**
 * Where the map goes: a box of the map's size until it comes near the viewport (on a phone the map is below the
 * day plans), then the map, its code fetched only then; the box stays while that code arrives. The page's first
 * render neither fetches nor runs Leaflet or the Maps SDK, and nothing moves when the map appears.
 */
function MapSlot({ children }: { children: ReactNode }) {
  const box = useRef<HTMLDivElement>(null);
  const near = useNearViewport(box);
  const placeholder = <div ref={box} className={styles.loading} role="status" aria-label="Loading the map" />;
  return near ? <Suspense fallback={placeholder}>{children}</Suspense> : placeholder;
}
