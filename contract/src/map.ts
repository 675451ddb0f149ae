/**
 * The keyless map's tiles (Leaflet URL template) and their credit: OpenStreetMap's standard tiles by default
 * (operations.osmfoundation.org/policies/tiles). VITE_MAP_TILE_URL and VITE_MAP_TILE_ATTRIBUTION change them: the
 * web app builds them in, and the server reads the URL to admit its origin in the content security policy.
 */
export const DEFAULT_MAP_TILE_URL = 'https://tile.openstreetmap.org/{z}/{x}/{y}.png';
export const DEFAULT_MAP_TILE_ATTRIBUTION =
  '&copy; <a href="https://www.openstreetmap.org/copyright">OpenStreetMap</a> contributors';
