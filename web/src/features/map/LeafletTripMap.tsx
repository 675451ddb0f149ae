import { useEffect, useRef } from 'react';
import L from 'leaflet';
import Supercluster from 'supercluster';
import 'leaflet/dist/leaflet.css';
import type { Attraction } from '@wayfare/contract';
import { CLUSTER_OPTIONS, DEFAULT_ZOOM, type LatLng } from './mapPoints';
import styles from './TripMap.module.css';

/** Tiles that all fail before any loads: the tile server cannot be reached (offline, blocked, down). */
const FAILED_TILES_BEFORE_GIVING_UP = 4;

interface LeafletTripMapProps {
  centre: LatLng;
  attractions: Attraction[];
  tileUrl: string;
  attribution: string;
  /** No tile could load: the caller shows the offline plot instead. */
  onTilesFailed: () => void;
}

type Point = Supercluster.PointFeature<{ index: number }>;

/** An info window's content, built from text nodes (names come from the AI guide: never parsed as HTML). */
function infoWindow(attraction: Attraction): HTMLElement {
  const box = document.createElement('div');
  box.className = styles.infoWindow ?? '';
  const name = document.createElement('strong');
  name.textContent = attraction.name;
  box.append(name);
  if (attraction.kind) {
    const kind = document.createElement('span');
    kind.textContent = attraction.kind;
    box.append(kind);
  }
  return box;
}

/**
 * The keyless map: Leaflet with the configured tiles (OpenStreetMap by default) and their credit, the attractions
 * clustered as the Google map clusters them (grid 60 px, from 2 markers, none past zoom 16), each marker opening
 * an info window; keyboard users reach markers with Tab and open them with Enter.
 */
export function LeafletTripMap({
  centre,
  attractions,
  tileUrl,
  attribution,
  onTilesFailed,
}: LeafletTripMapProps) {
  const container = useRef<HTMLDivElement>(null);
  const failed = useRef(onTilesFailed);
  useEffect(() => {
    failed.current = onTilesFailed;
  }, [onTilesFailed]);

  useEffect(() => {
    const element = container.current;
    if (!element) return;
    const map = L.map(element, { center: centre, zoom: DEFAULT_ZOOM });
    let loaded = false;
    let errors = 0;
    L.tileLayer(tileUrl, { attribution, maxZoom: 19 })
      .on('tileload', () => {
        loaded = true;
      })
      .on('tileerror', () => {
        errors += 1;
        if (!loaded && errors === FAILED_TILES_BEFORE_GIVING_UP) failed.current();
      })
      .addTo(map);

    const index = new Supercluster<{ index: number }>({
      radius: CLUSTER_OPTIONS.gridSize,
      maxZoom: CLUSTER_OPTIONS.maxZoom,
      minPoints: CLUSTER_OPTIONS.minimumClusterSize,
    });
    index.load(
      attractions.map((attraction, i): Point => ({
        type: 'Feature',
        properties: { index: i },
        geometry: { type: 'Point', coordinates: [attraction.location.lng, attraction.location.lat] },
      })),
    );
    const markers = L.layerGroup().addTo(map);
    const draw = () => {
      markers.clearLayers();
      const bounds = map.getBounds();
      const clusters = index.getClusters(
        [bounds.getWest(), bounds.getSouth(), bounds.getEast(), bounds.getNorth()],
        Math.round(map.getZoom()),
      );
      for (const feature of clusters) {
        const [lng, lat] = feature.geometry.coordinates as [number, number];
        if ('cluster' in feature.properties && feature.properties.cluster) {
          const { cluster_id: id, point_count: count } = feature.properties;
          L.marker([lat, lng], {
            title: `${count} places: zoom in`,
            alt: `${count} places`,
            icon: L.divIcon({ className: styles.cluster, html: String(count), iconSize: [40, 40] }),
          })
            .on('click', () => map.setView([lat, lng], index.getClusterExpansionZoom(id)))
            .addTo(markers);
        } else {
          const i = (feature.properties as { index: number }).index;
          const attraction = attractions[i] as Attraction;
          L.marker([lat, lng], {
            title: attraction.name,
            alt: attraction.name,
            icon: L.divIcon({
              className: styles.marker,
              html: String(i + 1),
              iconSize: [28, 28],
              popupAnchor: [0, -14],
            }),
          })
            .bindPopup(infoWindow(attraction))
            .addTo(markers);
        }
      }
    };
    draw();
    map.on('moveend', draw);
    return () => {
      map.remove();
    };
  }, [centre, attractions, tileUrl, attribution]);

  return <div ref={container} className={styles.leaflet} role="region" aria-label="Trip map" />;
}
