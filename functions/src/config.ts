import path from 'node:path';
import { z } from 'zod';
import { DEFAULT_MAP_TILE_URL } from '@wayfare/contract';

const positiveInt = (fallback: number) => z.coerce.number().int().positive().default(fallback);
const FIFTEEN_MINUTES_MS = 15 * 60 * 1000;
const embeddedPort = z.coerce.number().int().min(0).max(65535);

const envSchema = z.object({
  WAYFARE_BACKEND: z.enum(['embedded', 'firebase']).default('embedded'),
  /** Read in embedded mode only: the Functions runtime sets PORT to something that is not a port number. */
  PORT: z.string().optional(),
  /** Where the embedded backend keeps its database, secret and uploads. */
  WAYFARE_DATA_DIR: z.string().min(1).default('.data'),
  /** Built web app served by the embedded server; relative paths resolve from the working directory. */
  WAYFARE_WEB_DIST: z.string().min(1).default('web/dist'),
  /** Required in firebase mode; the embedded backend generates one under the data dir when unset. */
  JWT_SECRET: z.string().min(32, 'JWT_SECRET must be at least 32 characters').optional(),
  TOKEN_TTL_SECONDS: positiveInt(7 * 24 * 60 * 60),
  RATE_LIMIT_WINDOW_MS: positiveInt(FIFTEEN_MINUTES_MS),
  RATE_LIMIT_AUTH_PER_IP: positiveInt(100),
  RATE_LIMIT_FAILED_LOGINS_PER_PAIR: positiveInt(10),
  RATE_LIMIT_FAILED_LOGINS_PER_ACCOUNT: positiveInt(100),
  /** Invite links one user may create per window, and attempts to join by link. */
  RATE_LIMIT_INVITATIONS_PER_USER: positiveInt(30),
  /** Adds by email or username one user may make to one trip per window: a class or a club in one sitting. */
  RATE_LIMIT_ADDS_PER_TRIP: positiveInt(100),
  /** How many different trips one user may add people to per window: no spraying adds across many trips. */
  RATE_LIMIT_ADD_TRIPS_PER_USER: positiveInt(10),
  /** Trip image uploads: how many may be in flight per user and in all, and how long one body may take. */
  UPLOADS_PER_USER: positiveInt(2),
  UPLOADS_IN_TOTAL: positiveInt(16),
  UPLOAD_BODY_TIMEOUT_MS: positiveInt(60_000),
  /** Embedded mode: number of reverse-proxy hops in front of the server (a hop count is only as good as the chain). */
  TRUST_PROXY_HOPS: z.coerce.number().int().min(0).default(0),
  /**
   * Firebase mode: the request header that carries the caller's address. Firebase Hosting's CDN sets
   * `Fastly-Client-IP` itself, while X-Forwarded-For keeps whatever the caller put first.
   */
  CLIENT_IP_HEADER: z
    .string()
    .regex(/^[A-Za-z0-9-]+$/)
    .transform((name) => name.toLowerCase())
    .default('fastly-client-ip'),
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
  /** 1: GET /api/health/caches answers the in-memory caches' sizes and the process's memory (for the bench). */
  WAYFARE_CACHE_REPORT: z.enum(['0', '1']).default('0'),
  /** WeatherAPI.com key: real forecasts, proxied and cached by the server. Without one the weather is estimated. */
  WEATHER_API_KEY: z.string().min(1).optional(),
  WEATHER_API_BASE_URL: z.url().default('https://api.weatherapi.com'),
  /** Keyless services used when their key is not set; the base URLs are for tests (local stand-ins). */
  OPEN_METEO_BASE_URL: z.url().default('https://api.open-meteo.com'),
  WIKIPEDIA_BASE_URL: z.url().default('https://en.wikipedia.org'),
  /** The ECB's daily reference rates through Frankfurter's keyless API; unreachable, the bundled snapshot answers. */
  RATES_BASE_URL: z.url().default('https://api.frankfurter.app'),
  /** How long a keyless service may take before the offline answer is given instead. */
  KEYLESS_TIMEOUT_MS: positiveInt(3000),
  /** After a forecast service fails, how long to answer the estimate without asking it (doubling, to 15 minutes). */
  WEATHER_RETRY_AFTER_MS: positiveInt(60_000),
  /** The AI guide: Gemini when a key is set, else the offline planner. The base URL is for tests. */
  GEMINI_API_KEY: z.string().min(1).optional(),
  GEMINI_MODEL: z.string().min(1).default('gemini-2.5-flash'),
  GEMINI_BASE_URL: z.url().optional(),
  GEMINI_TIMEOUT_MS: positiveInt(45_000),
  /** City photos from Google Places when set, else the client's gradient placeholder. */
  GOOGLE_MAPS_API_KEY: z.string().min(1).optional(),
  GOOGLE_PLACES_BASE_URL: z.url().optional(),
  /** The browser key built into the web app (read here only to let the Maps origins into the CSP). */
  VITE_GOOGLE_MAPS_API_KEY: z.string().min(1).optional(),
  /**
   * The map tiles the web app draws without a Maps key (built into it; read here to let their origin into the
   * CSP): a Leaflet URL template such as https://tile.openstreetmap.org/{z}/{x}/{y}.png, `{s}` for subdomains.
   */
  VITE_MAP_TILE_URL: z
    .string()
    .regex(/^https?:\/\/[\w.{}-]+(:\d+)?\//, 'expected an http(s) tile URL template')
    .default(DEFAULT_MAP_TILE_URL),
});

export type Env = z.output<typeof envSchema>;

export interface AppConfig {
  backend: Env['WAYFARE_BACKEND'];
  /** The embedded server's port; 0 (unused) in firebase mode. */
  port: number;
  dataDir: string;
  webDist: string;
  jwtSecret: string | undefined;
  tokenTtlSeconds: number;
  rateLimits: {
    windowMs: number;
    authPerIp: number;
    failedLoginsPerPair: number;
    failedLoginsPerAccount: number;
    invitationsPerUser: number;
    addsPerTrip: number;
    addTripsPerUser: number;
  };
  uploads: { perUser: number; total: number; bodyTimeoutMs: number };
  trustProxyHops: number;
  /** Firebase mode only: where the caller's address comes from (see CLIENT_IP_HEADER). */
  clientIpHeader: string | undefined;
  /** A Maps key is configured: the pages may load Google Maps (the CSP admits its origins only then). */
  mapsConfigured: boolean;
  /** The origin the keyless map's tiles come from (`*` for a `{s}` subdomain), or null with Google Maps. */
  mapTileOrigin: string | null;
  logLevel: Env['LOG_LEVEL'];
  /** GET /api/health/caches is answered (WAYFARE_CACHE_REPORT=1). */
  cacheReport?: boolean;
  weather: {
    apiKey: string | undefined;
    baseUrl: string;
    openMeteoBaseUrl: string;
    keylessTimeoutMs: number;
    retryAfterMs: number;
  };
  gemini?: { apiKey?: string; model: string; baseUrl?: string; timeoutMs: number };
  places: { apiKey?: string; baseUrl?: string; wikipediaBaseUrl: string; keylessTimeoutMs: number };
  rates: { baseUrl: string; timeoutMs: number };
}

/** Reads and validates the environment once; a bad value stops start-up with a message naming it. */
export function loadConfig(env: NodeJS.ProcessEnv = process.env): AppConfig {
  // Firebase params default to '' for an optional key that is not set: the same as unset.
  const parsed = envSchema.safeParse(
    Object.fromEntries(Object.entries(env).filter(([, value]) => value !== '')),
  );
  if (!parsed.success) {
    const problems = parsed.error.issues.map((issue) => `${issue.path.join('.')}: ${issue.message}`);
    throw new Error(`Invalid configuration:\n  ${problems.join('\n  ')}`);
  }
  const e = parsed.data;
  if (e.WAYFARE_BACKEND === 'firebase' && !e.JWT_SECRET) {
    throw new Error('Invalid configuration:\n  JWT_SECRET: required when WAYFARE_BACKEND=firebase');
  }
  const port = e.WAYFARE_BACKEND === 'embedded' ? embeddedPort.safeParse(e.PORT ?? '3000') : null;
  if (port && !port.success)
    throw new Error('Invalid configuration:\n  PORT: expected a port number (0-65535)');
  return {
    backend: e.WAYFARE_BACKEND,
    port: port?.data ?? 0,
    dataDir: path.resolve(e.WAYFARE_DATA_DIR),
    webDist: path.resolve(e.WAYFARE_WEB_DIST),
    jwtSecret: e.JWT_SECRET,
    tokenTtlSeconds: e.TOKEN_TTL_SECONDS,
    rateLimits: {
      windowMs: e.RATE_LIMIT_WINDOW_MS,
      authPerIp: e.RATE_LIMIT_AUTH_PER_IP,
      failedLoginsPerPair: e.RATE_LIMIT_FAILED_LOGINS_PER_PAIR,
      failedLoginsPerAccount: e.RATE_LIMIT_FAILED_LOGINS_PER_ACCOUNT,
      invitationsPerUser: e.RATE_LIMIT_INVITATIONS_PER_USER,
      addsPerTrip: e.RATE_LIMIT_ADDS_PER_TRIP,
      addTripsPerUser: e.RATE_LIMIT_ADD_TRIPS_PER_USER,
    },
    uploads: {
      perUser: e.UPLOADS_PER_USER,
      total: e.UPLOADS_IN_TOTAL,
      bodyTimeoutMs: e.UPLOAD_BODY_TIMEOUT_MS,
    },
    trustProxyHops: e.TRUST_PROXY_HOPS,
    clientIpHeader: e.WAYFARE_BACKEND === 'firebase' ? e.CLIENT_IP_HEADER : undefined,
    mapsConfigured: Boolean(e.GOOGLE_MAPS_API_KEY || e.VITE_GOOGLE_MAPS_API_KEY),
    mapTileOrigin: e.VITE_GOOGLE_MAPS_API_KEY ? null : tileOrigin(e.VITE_MAP_TILE_URL),
    logLevel: e.LOG_LEVEL,
    cacheReport: e.WAYFARE_CACHE_REPORT === '1',
    gemini: {
      apiKey: e.GEMINI_API_KEY,
      model: e.GEMINI_MODEL,
      baseUrl: e.GEMINI_BASE_URL,
      timeoutMs: e.GEMINI_TIMEOUT_MS,
    },
    places: {
      apiKey: e.GOOGLE_MAPS_API_KEY,
      baseUrl: e.GOOGLE_PLACES_BASE_URL,
      wikipediaBaseUrl: e.WIKIPEDIA_BASE_URL,
      keylessTimeoutMs: e.KEYLESS_TIMEOUT_MS,
    },
    weather: {
      apiKey: e.WEATHER_API_KEY,
      baseUrl: e.WEATHER_API_BASE_URL,
      openMeteoBaseUrl: e.OPEN_METEO_BASE_URL,
      keylessTimeoutMs: e.KEYLESS_TIMEOUT_MS,
      retryAfterMs: e.WEATHER_RETRY_AFTER_MS,
    },
    rates: { baseUrl: e.RATES_BASE_URL, timeoutMs: e.KEYLESS_TIMEOUT_MS },
  };
}

/** The scheme, host and port of a tile URL template, a `{s}` subdomain read as any (`*`), for the CSP. */
export function tileOrigin(template: string): string {
  const [origin] = /^https?:\/\/[^/]+/.exec(template) as RegExpExecArray;
  return origin.replace(/\{s\}/g, '*');
}
