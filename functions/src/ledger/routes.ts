/**
 * /api/trip-split (spec §7): the composer of the ledger's use cases, each its own routes + service in its folder
 * (expenses/, settlements/, membership/, households/, invite-links/, ledger-files/; the budget and activity in budget-*.ts).
 * Who may do what on a trip (spec §6 leaves server enforcement open; these are the decisions, enforced by the
 * services and tested over HTTP):
 * - Only members see or change anything of a trip; to anyone else it does not exist (404). Each use-case router
 *   resolves the caller's membership once per request from the trip, expense or settlement id it names (scope.ts).
 * - Every member may list participants, add someone, add expenses, view and recalculate settlements; an invitation
 *   is not a membership (membership/service.ts).
 * - An expense may be changed by whoever created it, whoever paid it, or the owner (expenses/service.ts); a
 *   settlement marked paid by its payer, its payee, or the owner (settlements/service.ts).
 * The ledger event bus lives here: each service emits on it after each committed write and the live stream of the
 * same process listens, which is all embedded mode needs (firebase mode's clients listen to Firestore instead).
 */
import { ipKeyGenerator } from 'express-rate-limit';
import { liveStream, liveToken, splitUserTrips } from '@wayfare/contract';
import type { AppConfig } from '../config';
import type { TokenService } from '../http/tokens';
import type { TripImages } from '../files/trip-images';
import { currentUser, requireAuth } from '../http/authenticate';
import { preferredEncoding, sendEncodedJson } from '../http/encoded-bodies';
import { HttpError } from '../http/errors';
import { endpointRouter, mountedEndpoints, route } from '../http/endpoints';
import type { Store } from '../store/types';
import { budgetRoutes } from './budget/routes';
import { createBudgetService } from './budget/service';
import type { Logger } from 'pino';
import { createLedgerEvents, type LedgerEvents } from './live/events';
import { ledgerNotices } from './live/notices';
import { expenseRoutes } from './expenses/routes';
import { createExpenseService } from './expenses/service';
import { guestClaimPreviewRoutes, guestClaimRoutes } from './guests/routes';
import { guestSessionRoutes, guestSessionStartRoutes } from './guest-sessions/routes';
import { createGuestSessionService } from './guest-sessions/service';
import { createGuestClaimService } from './guests/service';
import { householdRoutes } from './households/routes';
import { createHouseholdService } from './households/service';
import { inviteLinkRoutes } from './invite-links/routes';
import { createInviteLinkService } from './invite-links/service';
import { ledgerFileRoutes } from './ledger-files/routes';
import { createLedgerIoService } from './ledger-files/service';
import { createLiveStreamSlots, openLiveStream } from './live/streams';
import { membershipRoutes } from './membership/routes';
import { createMembershipService } from './membership/service';
import { scopeOf, scopeTrips } from './scope';
import { settlementRoutes } from './settlements/routes';
import { createSettlementService } from './settlements/service';
import { createSettlementPlanner } from './settlements/planner';
import type { UserTrips } from './user-trips';
import { bundledRates, type RateProvider } from '../rates/provider';

export function ledgerRoutes(
  deps: {
    store: Store;
    tokens: TokenService;
    config: Pick<AppConfig, 'rateLimits'>;
    events?: LedgerEvents;
    /** The user's trip list (kept lists shared with the app's fast lane, http/cached-answer-lane.ts). */
    userTrips: UserTrips;
    /** The reference rates (shared with GET /api/rates); the bundled snapshot alone when absent. */
    rates?: RateProvider;
    createFirebaseToken?: (userId: string) => Promise<string>;
    /** Where a change notice the store failed to keep is reported. */
    logger?: Pick<Logger, 'warn'>;
  },
  images: Pick<TripImages, 'urls' | 'files' | 'receiveReceipt'>,
) {
  const { store } = deps;
  const events = deps.events ?? createLedgerEvents();
  const notices = ledgerNotices(events, store.notices, (err, message) => deps.logger?.warn({ err }, message));
  const membership = createMembershipService({ store, notices });
  const liveSlots = createLiveStreamSlots();
  const { userTrips } = deps;
  const guestClaims = createGuestClaimService({ store, notices });
  const guestSessions = createGuestSessionService({
    store,
    tokens: deps.tokens,
    notices,
    claims: guestClaims,
    createFirebaseToken: deps.createFirebaseToken,
  });
  const router = endpointRouter('/trip-split');
  // A claim link shows what it offers before its holder signs in or up; an invite link lets its holder in as a guest.
  router.use(guestClaimPreviewRoutes(guestClaims, deps.config));
  router.use(guestSessionStartRoutes(guestSessions, deps.config));
  router.use(requireAuth(deps.tokens, store));
  router.use(guestSessionRoutes(guestSessions, deps.config));
  router.use(budgetRoutes(store, createBudgetService({ store, notices, rates: deps.rates ?? bundledRates })));

  route(router, splitUserTrips, async ({ query }, req, res) => {
    const coded = preferredEncoding(req);
    sendEncodedJson(res, await userTrips.json(currentUser(res).id, query, coded), coded);
  });

  router.use(membershipRoutes(store, membership, deps.config));
  router.use(inviteLinkRoutes(store, createInviteLinkService({ store, notices }), deps.config));
  router.use(guestClaimRoutes(store, guestClaims, deps.config));
  router.use(householdRoutes(store, createHouseholdService({ store, notices })));
  router.use(
    expenseRoutes(
      store,
      createExpenseService({
        store,
        notices,
        imageUrls: images.urls,
        files: images.files,
        rates: deps.rates,
      }),
      images,
    ),
  );
  router.use(ledgerFileRoutes(store, createLedgerIoService({ store, notices, rates: deps.rates })));
  router.use(
    settlementRoutes(store, createSettlementService({ store, notices, planner: createSettlementPlanner() })),
  );

  // Firebase mode: the custom token the browser signs in to Firestore with, minted for the current session so the
  // live listeners work whether or not the login answer's firebaseToken was kept.
  route(router, liveToken, async (_input, _req, res) => {
    if (!deps.createFirebaseToken) throw new HttpError(404, 'This server streams live updates itself');
    return { firebaseToken: await deps.createFirebaseToken(currentUser(res).id) };
  });

  const live = endpointRouter('/trip-split');
  scopeTrips(live, store);
  route(live, liveStream, async (_input, req, res) => {
    const { trip, user } = scopeOf(res, 'tripScope');
    const release = liveSlots.acquire(user.id, ipKeyGenerator(req.ip ?? ''));
    if (!release) {
      throw new HttpError(
        429,
        'Too many live connections are open. Close other tabs of this trip and reload.',
      );
    }
    res.on('close', release);
    openLiveStream(req, res, {
      tripId: trip.id,
      userId: user.id,
      events,
      stillMember: () => membership.isMember(trip.id, user.id),
    });
  });
  router.use(live);

  return mountedEndpoints(router);
}
