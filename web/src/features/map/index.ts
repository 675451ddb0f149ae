/** Public surface of the map feature: The trip map (Google or Leaflet, loaded lazily inside). Other features and the app import only this. */
export { TripMap } from './TripMap';
