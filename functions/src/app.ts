import { randomBytes } from 'node:crypto';
import path from 'node:path';
import type { ServerResponse } from 'node:http';
import { constants as zlibConstants } from 'node:zlib';
import expressStaticGzip from 'express-static-gzip';
import express, { type Express, type RequestHandler } from 'express';
import type { Logger } from 'pino';
import { cacheReport, health, healthResponse, listTrips, splitUserTrips } from '@wayfare/contract';
import { authRoutes } from './auth/routes';
import type { TokenService } from './http/tokens';
import type { AppConfig } from './config';
import type { FileStore } from './files/file-store';
import { fileRoutes } from './files/routes';
import { createTripImages } from './files/trip-images';
import { cacheFigures } from './cache-budgets';
import { compressAnswers } from './http/compress-answers';
import { clientAddressFromHeader } from './http/client-address';
import { contentSecurityPolicyDirectives } from './http/content-security-policy';
import { errorHandler, notFoundApiRoute } from './http/errors';
import { refuseDeclaredOversizeBodies } from './http/discard-body';
import { answerRefusedBodies } from './http/host-body-errors';
import { requestLog } from './http/request-log';
import { securityHeaders } from './http/security-headers';
import { idempotentWrites } from './http/idempotency';
import { cachedAnswerLane } from './http/cached-answer-lane';
import { endpointRouter, route } from './http/endpoints';
import { createLedgerEvents } from './ledger/live/events';
import { createUserTrips } from './ledger/user-trips';
import { createRateProvider } from './rates/provider';
import { ratesRoutes } from './rates/routes';
import { ledgerRoutes } from './ledger/routes';
import { receiptScanRoutes } from './scan/routes';
import type { Store } from './store/types';
import { tripRoutes } from './trips/routes';
import { createTripService } from './trips/service';
import { createTripRoutes } from './trips/create-routes';
import { guideJobsFor, type GuideJobs } from './trips/guide-jobs';
import { configuredPhotos, placesRoutes } from './places/routes';
import { planRoutes } from './plans/routes';
import { configuredWeather, weatherRoutes } from './weather/routes';
import { linkRoutes } from './links/routes';
import { createLinkSigner } from './links/signing';

export interface AppDeps {
  config: AppConfig;
  store: Store;
  tokens: TokenService;
  logger: Logger;
  /** Firebase mode: mints the custom token returned beside the session token at login. */
  createFirebaseToken?: (userId: string) => Promise<string>;
  /** Where trip images live; defaults to files under <dataDir>/uploads (embedded). */
  files?: FileStore;
  /** Embedded mode: the built web app to serve beside /api (with the SPA fallback). */
  webDist?: string;
  /** Where new trips' guides are written (trips/guide-jobs.ts); defaults to guideJobsFor(config): in this process. */
  guides?: GuideJobs;
}

const JSON_BODY_LIMIT_BYTES = 100 * 1024;

/** Answers are per user (tokens, trips, money): no browser or proxy may keep them. Routes may override. */
const noStore: RequestHandler = (_req, res, next) => {
  res.setHeader('Cache-Control', 'no-store');
  next();
};

/** Builds the Express app. No I/O happens here: every resource arrives through deps. */
export function createApp(deps: AppDeps): Express {
  const { config, logger, webDist } = deps;
  const app = express();
  app.disable('x-powered-by');
  app.set('trust proxy', config.clientIpHeader ? false : config.trustProxyHops);
  if (config.clientIpHeader) app.use(clientAddressFromHeader(config.clientIpHeader));

  const log = requestLog(logger);
  const headers = securityHeaders({
    contentSecurityPolicy: {
      directives: contentSecurityPolicyDirectives({
        maps: config.mapsConfigured,
        firebase: config.backend === 'firebase',
        tileOrigin: config.mapTileOrigin,
        wikipediaPhotos: !config.places.apiKey,
      }),
    },
  });
  // Dynamic answers are compressed at zlib's fastest level: a 500-trip list (260 kB of JSON) takes about a third
  // of the default level's time for a body a few percent larger. Cached bodies and assets are compressed ahead.
  // A request without Accept-Encoding skips compression's wrapping (compress-answers.ts), with the same answer.
  const compress = compressAnswers({ level: zlibConstants.Z_BEST_SPEED });
  const tripImages = createTripImages(config, deps.files);
  app.use(log);
  app.use(headers);
  app.use(compress);
  app.use('/api', noStore);

  // One ledger event bus: the split routes emit and stream on it, and a deleted trip ends its streams through it.
  const events = createLedgerEvents();
  // One trip service and one user-trips list, so the fast lane and the routes share their kept lists.
  const trips = createTripService(deps.store, tripImages, events);
  const userTrips = createUserTrips(deps.store, tripImages.urls);
  // The trip lists' kept answers without the rest of the chain; the routes (trips/routes.ts, ledger/routes.ts)
  // answer whatever the lane leaves (http/cached-answer-lane.ts).
  app.use(
    cachedAnswerLane(deps, listTrips.query, {
      [`/api${listTrips.path}`]: trips.listJson,
      [`/api${splitUserTrips.path}`]: userTrips.json,
    }),
  );

  const api = endpointRouter();
  api.use(
    refuseDeclaredOversizeBodies(JSON_BODY_LIMIT_BYTES),
    answerRefusedBodies,
    express.json({ limit: JSON_BODY_LIMIT_BYTES }),
  );
  api.use(idempotentWrites(deps));
  route(api, health, async () => {
    await deps.store.ping();
    return healthResponse;
  });
  if (config.cacheReport) {
    route(api, cacheReport, () => ({ caches: cacheFigures(), memory: process.memoryUsage() }));
  }
  api.use(authRoutes(deps));
  // Feature routers: one line each, each behind requireAuth inside its own router.
  // One rate cache for the forms' prefill and the expense writes, so both see the same day's figures.
  const rates = createRateProvider({
    ...config.rates,
    log: (message) => logger.warn(message),
  });
  api.use(ratesRoutes(deps, rates));
  api.use(receiptScanRoutes({ ...deps, gemini: config.gemini }, tripImages));
  api.use(ledgerRoutes({ ...deps, events, rates, userTrips }, tripImages));
  api.use(tripRoutes({ ...deps, trips }, tripImages));
  const guides = deps.guides ?? guideJobsFor(config, deps.store, logger);
  api.use(createTripRoutes({ ...deps, guides }, tripImages));
  // One city photo provider (and cache) for members' trips and share links.
  const photos = configuredPhotos(config);
  api.use(placesRoutes(deps, photos));
  api.use(planRoutes(deps));
  const weather = configuredWeather(deps);
  api.use(weatherRoutes(deps, weather));
  // Signed with JWT_SECRET (the embedded server keeps one on disk), so links survive restarts and instances.
  api.use(
    linkRoutes(deps, createLinkSigner(config.jwtSecret ?? randomBytes(32).toString('hex')), {
      weather,
      photos,
    }),
  );
  api.use(fileRoutes(deps, tripImages));
  api.use(notFoundApiRoute);
  app.use('/api', api);

  // Without the web app (the Cloud Function), every other path is still answered in the one error shape.
  if (webDist) serveWebApp(app, webDist);
  else app.use(notFoundApiRoute);
  app.use(errorHandler(logger));
  return app;
}

/**
 * Hashed assets are immutable; index.html is revalidated so a deploy shows at once. The build writes .br and .gz
 * beside each asset (vite-plugin-compression2), served as they are so no request compresses a file anew.
 */
function serveWebApp(app: Express, webDist: string) {
  const noCache = (res: ServerResponse) => res.setHeader('Cache-Control', 'no-cache');
  app.use(
    expressStaticGzip(webDist, {
      index: false,
      enableBrotli: true,
      orderPreference: ['br', 'gz'],
      serveStatic: {
        index: false,
        setHeaders: (res, file) => {
          if (path.relative(webDist, file).startsWith(`assets${path.sep}`)) {
            res.setHeader('Cache-Control', 'public, max-age=31536000, immutable');
          } else noCache(res);
        },
      },
    }),
  );
  const indexHtml = path.join(webDist, 'index.html');
  app.use((req, res, next) => {
    if (req.method !== 'GET' && req.method !== 'HEAD') return next();
    noCache(res);
    res.sendFile(indexHtml);
  });
}
