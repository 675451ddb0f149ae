/** Where Wikipedia's images live: the only origin the CSP admits for them, and the only one places/photos keeps. */
export const WIKIMEDIA_UPLOADS = 'https://upload.wikimedia.org';

/**
 * The Maps JavaScript API, its tiles and fonts, and Places photos: third-party origins the pages load only when a
 * Maps key is configured.
 */
const GOOGLE_MAPS_SOURCES = {
  scriptSrc: ['https://maps.googleapis.com'],
  connectSrc: ['https://maps.googleapis.com', 'https://places.googleapis.com'],
  imgSrc: ['https://maps.googleapis.com', 'https://maps.gstatic.com', 'https://*.googleusercontent.com'],
  styleSrc: ['https://fonts.googleapis.com'],
  fontSrc: ['https://fonts.gstatic.com'],
};
/** Firebase mode: the web app's Auth sign-in and its Firestore listener. */
const FIREBASE_CONNECT_SOURCES = [
  'https://identitytoolkit.googleapis.com',
  'https://securetoken.googleapis.com',
  'https://firestore.googleapis.com',
];

/**
 * helmet's CSP directives for the pages (also written into firebase.json's Hosting headers; a test compares):
 * Google's origins with a Maps key; without one, the configured map tile origin and Wikipedia's images.
 */
export function contentSecurityPolicyDirectives({
  maps,
  firebase,
  tileOrigin,
  wikipediaPhotos,
}: {
  maps: boolean;
  firebase: boolean;
  /** The keyless map's tile origin (config.mapTileOrigin), or null when the pages use Google Maps. */
  tileOrigin: string | null;
  /** City photos come from Wikipedia (no server-side Google key). */
  wikipediaPhotos: boolean;
}) {
  const extra = (list: string[]) => (maps ? list : []);
  return {
    scriptSrc: ["'self'", ...extra(GOOGLE_MAPS_SOURCES.scriptSrc)],
    connectSrc: [
      "'self'",
      ...extra(GOOGLE_MAPS_SOURCES.connectSrc),
      ...(firebase ? FIREBASE_CONNECT_SOURCES : []),
    ],
    imgSrc: [
      "'self'",
      'data:',
      'blob:',
      ...extra(GOOGLE_MAPS_SOURCES.imgSrc),
      ...(tileOrigin ? [tileOrigin] : []),
      ...(wikipediaPhotos ? [WIKIMEDIA_UPLOADS] : []),
    ],
    styleSrc: ["'self'", "'unsafe-inline'", ...extra(GOOGLE_MAPS_SOURCES.styleSrc)],
    fontSrc: ["'self'", 'data:', ...extra(GOOGLE_MAPS_SOURCES.fontSrc)],
    // Plain-http localhost must not be told to upgrade its own requests.
    upgradeInsecureRequests: firebase ? [] : null,
  };
}
