import { useEffect, useState } from 'react';
import { GoogleMap, InfoWindow, useJsApiLoader, type Libraries } from '@react-google-maps/api';
import { GridAlgorithm, MarkerClusterer } from '@googlemaps/markerclusterer';
import type { Attraction } from '@wayfare/contract';
import { Notice } from '@/shared/ui/Notice';
import { KeylessMap } from './KeylessMap';
import { CLUSTER_OPTIONS, DEFAULT_ZOOM, type LatLng } from './mapPoints';
import styles from './TripMap.module.css';

// One loader configuration for the whole app (the loader refuses a second, different one): Places is requested
// with it for the city autocomplete.
const LIBRARIES: Libraries = ['places'];

interface GoogleTripMapProps {
  apiKey: string;
  centre: LatLng;
  attractions: Attraction[];
}

/** The Google map: clustered markers (grid 60, clusters from 2 markers, none past zoom 16) with info windows. */
export function GoogleTripMap({ apiKey, centre, attractions }: GoogleTripMapProps) {
  const { isLoaded, loadError } = useJsApiLoader({
    googleMapsApiKey: apiKey,
    language: 'en',
    libraries: LIBRARIES,
  });
  const [map, setMap] = useState<google.maps.Map | null>(null);
  const [selected, setSelected] = useState<Attraction | null>(null);

  useEffect(() => {
    if (!map) return;
    const markers = attractions.map((attraction) => {
      const marker = new google.maps.Marker({ position: attraction.location, title: attraction.name });
      marker.addListener('click', () => setSelected(attraction));
      return marker;
    });
    // A cluster of one is drawn as its marker, which is the clusterer's minimum cluster size of 2.
    const clusterer = new MarkerClusterer({
      map,
      markers,
      algorithm: new GridAlgorithm({ gridSize: CLUSTER_OPTIONS.gridSize, maxZoom: CLUSTER_OPTIONS.maxZoom }),
    });
    return () => {
      clusterer.clearMarkers();
      clusterer.setMap(null);
    };
  }, [map, attractions]);

  if (loadError) {
    return (
      <>
        <Notice tone="info">Google Maps could not load; showing the offline map.</Notice>
        <KeylessMap centre={centre} attractions={attractions} />
      </>
    );
  }
  if (!isLoaded) return <div className={styles.loading} role="status" aria-label="Loading the map" />;
  return (
    <GoogleMap
      mapContainerClassName={styles.google}
      center={centre}
      zoom={DEFAULT_ZOOM}
      onLoad={setMap}
      onUnmount={() => setMap(null)}
    >
      {selected && (
        <InfoWindow position={selected.location} onCloseClick={() => setSelected(null)}>
          <div className={styles.infoWindow}>
            <strong>{selected.name}</strong>
            {selected.kind && <span>{selected.kind}</span>}
          </div>
        </InfoWindow>
      )}
    </GoogleMap>
  );
}
