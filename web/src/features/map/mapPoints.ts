import type { Attraction } from '@wayfare/contract';

export interface LatLng {
  lat: number;
  lng: number;
}

/** Spec §9: the default centre is New York, at zoom 13. */
export const NEW_YORK: LatLng = { lat: 40.7128, lng: -74.006 };
export const DEFAULT_ZOOM = 13;

/** The marker clusterer's library defaults, named in spec §9. */
export const CLUSTER_OPTIONS = { gridSize: 60, minimumClusterSize: 2, maxZoom: 16, batchSize: 2000 } as const;

const isCoordinate = (value: number | null | undefined): value is number =>
  typeof value === 'number' && Number.isFinite(value);

/** The trip's centre, or null when it has no coordinates (the map is then unavailable). */
export function tripCentre(trip: { latitude: number | null; longitude: number | null }): LatLng | null {
  return isCoordinate(trip.latitude) && isCoordinate(trip.longitude)
    ? { lat: trip.latitude, lng: trip.longitude }
    : null;
}

/** The trip's attractions; without any, two placeholders a few hundred metres from the centre (spec §2). */
export function mapAttractions(attractions: Attraction[], centre: LatLng = NEW_YORK): Attraction[] {
  const real = attractions.filter((a) => isCoordinate(a.location?.lat) && isCoordinate(a.location?.lng));
  if (real.length) return real;
  return [
    {
      key: 'placeholder-1',
      name: 'Explore the city centre',
      location: { lat: centre.lat + 0.004, lng: centre.lng - 0.006 },
    },
    {
      key: 'placeholder-2',
      name: 'Local favourite spot',
      location: { lat: centre.lat - 0.003, lng: centre.lng + 0.005 },
    },
  ];
}

export interface PlotPoint {
  x: number;
  y: number;
}

/**
 * Places the centre and points in a width × height box: an equirectangular projection (longitude shrunk by
 * cos(latitude), so distances look right), scaled to fit the farthest point with a margin and centred on the trip.
 */
export function plotPoints(centre: LatLng, points: LatLng[], width: number, height: number, margin = 28) {
  const cos = Math.cos((centre.lat * Math.PI) / 180);
  const offsets = points.map((p) => ({ dx: (p.lng - centre.lng) * cos, dy: p.lat - centre.lat }));
  const reachX = Math.max(1e-6, ...offsets.map((o) => Math.abs(o.dx)));
  const reachY = Math.max(1e-6, ...offsets.map((o) => Math.abs(o.dy)));
  const scale = Math.min((width / 2 - margin) / reachX, (height / 2 - margin) / reachY);
  const toPlot = (o: { dx: number; dy: number }): PlotPoint => ({
    x: width / 2 + o.dx * scale,
    y: height / 2 - o.dy * scale,
  });
  return { centre: toPlot({ dx: 0, dy: 0 }), points: offsets.map(toPlot), metresPerPixel: 111_320 / scale };
}
