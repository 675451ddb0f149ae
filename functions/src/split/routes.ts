import type { Logger } from 'pino';
import { Router } from 'express';
import { ipKeyGenerator } from 'express-rate-limit';
import {
  addParticipantBodySchema,
  createInviteLinkBodySchema,
  inviteLinkTokenParamsSchema,
  ledgerExportQuerySchema,
  splitwiseImportBodySchema,
  entityIdParamsSchema,
  homeCurrencyBodySchema,
  type HomeCurrencyResponse,
  expenseListQuerySchema,
  markPaidBodySchema,
  participantParamsSchema,
  tripIdParamsSchema,
  makeOwnerBodySchema,
  type AddParticipantResponse,
  type CreatedInviteLinkResponse,
  type ImportPreview,
  type ImportResult,
  type InviteLinkResponse,
  type JoinByLinkResponse,
  type ParticipantResponse,
  type ParticipantsResponse,
  type SettlementExplanationResponse,
  type SettlementsResponse,
  tripListQuerySchema,
  type TripInvitationsResponse,
  type UserInvitationsResponse,
} from '@wayfare/contract';
import type { AppConfig } from '../config';
import type { TokenService } from '../auth/tokens';
import type { TripImages } from '../files/trip-images';
import { currentUser, requireAuth } from '../http/authenticate';
import { preferredEncoding, sendEncodedJson } from '../http/encoded-bodies';
import { HttpError } from '../http/errors';
import { parseInput } from '../http/parse';
import { inviteLinksPerUser, linkJoinsPerUser, participantAddLimits } from '../http/rate-limits';
import type { Store } from '../store/types';
import { requireTripMember } from '../trips/access';
import { addBudgetRoutes } from './budget-routes';
import { createBudgetService } from './budget-service';
import { createLedgerEvents, type LedgerEvents } from './events';
import { ledgerNotices } from './notices';
import { createInviteLinkService } from './invite-links';
import { createLedgerIoService } from './ledger-io';
import { editedExpenseBody, newExpenseBody } from './expense-body';
import { createLiveStreamSlots, openLiveStream } from './live';
import { createParticipantService } from './participants';
import { createSplitService } from './service';
import { createSettlementPlanner } from './settlement-planner';
import { createUserTrips } from './user-trips';
import { bundledRates, type RateProvider } from '../rates/provider';

/**
 * /api/trip-split (spec §7). The ledger event bus lives here: the service emits on it after each committed write
 * and the live stream of the same process listens, which is all embedded mode needs (firebase mode's clients listen
 * to Firestore instead).
 */
export function splitRoutes(
  deps: {
    store: Store;
    tokens: TokenService;
    config: Pick<AppConfig, 'rateLimits'>;
    events?: LedgerEvents;
    /** The reference rates (shared with GET /api/rates); the bundled snapshot alone when absent. */
    rates?: RateProvider;
    createFirebaseToken?: (userId: string) => Promise<string>;
    /** Where a change notice the store failed to keep is reported. */
    logger?: Pick<Logger, 'warn'>;
  },
  images: Pick<TripImages, 'urls' | 'files' | 'receiveReceipt'>,
) {
  const events = deps.events ?? createLedgerEvents();
  const notices = ledgerNotices(events, deps.store.notices, (err, message) =>
    deps.logger?.warn({ err }, message),
  );
  const service = createSplitService({
    store: deps.store,
    notices,
    planner: createSettlementPlanner(),
    imageUrls: images.urls,
    files: images.files,
    rates: deps.rates,
  });
  const links = createInviteLinkService({ store: deps.store, notices });
  const participants = createParticipantService({ store: deps.store, notices });
  const ledgerIo = createLedgerIoService({ store: deps.store, notices, rates: deps.rates });
  const liveSlots = createLiveStreamSlots();
  const userTrips = createUserTrips(deps.store, images.urls);
  const router = Router();
  router.use(requireAuth(deps.tokens, deps.store));
  addBudgetRoutes(
    router,
    createBudgetService({ store: deps.store, notices, rates: deps.rates ?? bundledRates }),
  );

  router.get('/user/trips', async (req, res) => {
    const query = parseInput(tripListQuerySchema, req.query);
    const coded = preferredEncoding(req);
    sendEncodedJson(res, await userTrips.json(currentUser(res).id, query, coded), coded);
  });

  router.get('/trips/:tripId/participants', async (req, res) => {
    const { tripId } = parseInput(tripIdParamsSchema, req.params);
    res.json({
      participants: await service.listParticipants(currentUser(res), tripId),
    } satisfies ParticipantsResponse);
  });
  // Adding someone makes them a participant at once (201), or, where their own setting asks for it, invites them
  // (202: they join by accepting, GET /invitations, then accept or decline). See participants.ts.
  router.post(
    '/trips/:tripId/participants',
    ...participantAddLimits(deps.config.rateLimits),
    async (req, res) => {
      const { tripId } = parseInput(tripIdParamsSchema, req.params);
      const body = parseInput(addParticipantBodySchema, req.body);
      const answer = await participants.addParticipant(currentUser(res), tripId, body);
      res.status(answer.outcome === 'added' ? 201 : 202).json(answer satisfies AddParticipantResponse);
    },
  );
  // "Make owner": the owner hands the trip to another participant in one atomic step.
  router.put('/trips/:tripId/owner', async (req, res) => {
    const { tripId } = parseInput(tripIdParamsSchema, req.params);
    const { user_id } = parseInput(makeOwnerBodySchema, req.body);
    res.json({
      participants: await participants.makeOwner(currentUser(res), tripId, user_id),
    } satisfies ParticipantsResponse);
  });
  router.get('/trips/:tripId/invitations', async (req, res) => {
    const { tripId } = parseInput(tripIdParamsSchema, req.params);
    res.json({
      invitations: await service.listInvitations(currentUser(res), tripId),
    } satisfies TripInvitationsResponse);
  });
  router.get('/invitations', async (_req, res) => {
    res.json({
      invitations: await service.myInvitations(currentUser(res)),
    } satisfies UserInvitationsResponse);
  });
  router.post('/invitations/:tripId/accept', async (req, res) => {
    const { tripId } = parseInput(tripIdParamsSchema, req.params);
    res.json({
      participant: await service.acceptInvitation(currentUser(res), tripId),
    } satisfies ParticipantResponse);
  });
  router.post('/invitations/:tripId/decline', async (req, res) => {
    const { tripId } = parseInput(tripIdParamsSchema, req.params);
    await service.declineInvitation(currentUser(res), tripId);
    res.status(204).end();
  });
  // Joining by link: one active link per trip, created (replacing the last) or turned off by any member.
  router.get('/trips/:tripId/invite-link', async (req, res) => {
    const { tripId } = parseInput(tripIdParamsSchema, req.params);
    res.json({ link: await links.active(currentUser(res), tripId) } satisfies InviteLinkResponse);
  });
  router.post('/trips/:tripId/invite-link', inviteLinksPerUser(deps.config.rateLimits), async (req, res) => {
    const { tripId } = parseInput(tripIdParamsSchema, req.params);
    const body = parseInput(createInviteLinkBodySchema, req.body);
    res
      .status(201)
      .json((await links.create(currentUser(res), tripId, body)) satisfies CreatedInviteLinkResponse);
  });
  router.delete('/trips/:tripId/invite-link', async (req, res) => {
    const { tripId } = parseInput(tripIdParamsSchema, req.params);
    await links.revoke(currentUser(res), tripId);
    res.status(204).end();
  });
  router.post('/invite-links/:token/join', linkJoinsPerUser(deps.config.rateLimits), async (req, res) => {
    const { token } = parseInput(inviteLinkTokenParamsSchema, req.params);
    res.json((await links.join(currentUser(res), token)) satisfies JoinByLinkResponse);
  });
  // The caller's own id: leaving (every participant; never the owner). Anyone else's: the owner removes someone the
  // ledger does not name.
  router.delete('/trips/:tripId/participants/:userId', async (req, res) => {
    const { tripId, userId } = parseInput(participantParamsSchema, req.params);
    await service.removeParticipant(currentUser(res), tripId, userId);
    res.status(204).end();
  });

  // The currency every amount of the trip's ledger is in: chosen while the ledger is empty.
  router.put('/trips/:tripId/home-currency', async (req, res) => {
    const { tripId } = parseInput(tripIdParamsSchema, req.params);
    const { home_currency } = parseInput(homeCurrencyBodySchema, req.body);
    res.json({
      home_currency: await service.setHomeCurrency(currentUser(res), tripId, home_currency),
    } satisfies HomeCurrencyResponse);
  });

  router.get('/trips/:tripId/expenses', async (req, res) => {
    const { tripId } = parseInput(tripIdParamsSchema, req.params);
    const query = parseInput(expenseListQuerySchema, req.query);
    // Compressed once per page and caller's share (expense-page-cache.ts), so compression middleware skips it.
    const coded = preferredEncoding(req);
    sendEncodedJson(res, await service.listExpensesJson(currentUser(res), tripId, query, coded), coded);
  });
  // A body without `currency` is in the trip's home currency (expense-body.ts).
  router.post('/trips/:tripId/expenses', async (req, res) => {
    const { tripId } = parseInput(tripIdParamsSchema, req.params);
    const user = currentUser(res);
    const { body, defaulted } = await newExpenseBody(deps.store, user.id, tripId, req.body);
    res.status(201).json({ expense: await service.createExpense(user, tripId, body, defaulted) });
  });
  router.put('/expenses/:id', async (req, res) => {
    const { id } = parseInput(entityIdParamsSchema, req.params);
    const user = currentUser(res);
    const { body } = await editedExpenseBody(deps.store, user.id, id, req.body);
    res.json({ expense: await service.updateExpense(user, id, body) });
  });
  // The expense's receipt: a photo or PDF as multipart field `receipt` (receipts.ts), or removed.
  router.put('/expenses/:id/receipt', images.receiveReceipt, async (req, res) => {
    const { id } = parseInput(entityIdParamsSchema, req.params);
    res.json({ expense: await service.attachReceipt(currentUser(res), id, res.locals.upload) });
  });
  router.delete('/expenses/:id/receipt', async (req, res) => {
    const { id } = parseInput(entityIdParamsSchema, req.params);
    res.json({ expense: await service.removeReceipt(currentUser(res), id) });
  });
  router.delete('/expenses/:id', async (req, res) => {
    const { id } = parseInput(entityIdParamsSchema, req.params);
    await service.deleteExpense(currentUser(res), id);
    res.status(204).end();
  });

  // The ledger as a download (CSV or JSON), and a Splitwise group export brought in: preview, then commit.
  router.get('/trips/:tripId/export', async (req, res) => {
    const { tripId } = parseInput(tripIdParamsSchema, req.params);
    const query = parseInput(ledgerExportQuerySchema, req.query);
    const file = await ledgerIo.exportLedger(currentUser(res), tripId, query);
    res.attachment(file.fileName).type(file.type).set('Cache-Control', 'no-store').send(file.body);
  });
  router.post('/trips/:tripId/import/preview', async (req, res) => {
    const { tripId } = parseInput(tripIdParamsSchema, req.params);
    const body = parseInput(splitwiseImportBodySchema, req.body);
    res.json((await ledgerIo.previewImport(currentUser(res), tripId, body)) satisfies ImportPreview);
  });
  router.post('/trips/:tripId/import', async (req, res) => {
    const { tripId } = parseInput(tripIdParamsSchema, req.params);
    const body = parseInput(splitwiseImportBodySchema, req.body);
    res
      .status(201)
      .json((await ledgerIo.commitImport(currentUser(res), tripId, body)) satisfies ImportResult);
  });

  router.get('/trips/:tripId/settlements', async (req, res) => {
    const { tripId } = parseInput(tripIdParamsSchema, req.params);
    res.json({
      settlements: await service.listSettlements(currentUser(res), tripId),
    } satisfies SettlementsResponse);
  });
  router.get('/trips/:tripId/settlements/explanation', async (req, res) => {
    const { tripId } = parseInput(tripIdParamsSchema, req.params);
    res.json(
      (await service.explainSettlements(currentUser(res), tripId)) satisfies SettlementExplanationResponse,
    );
  });
  // One body per answer's figures, plain and compressed (service.ts), so compression middleware skips it.
  router.post('/trips/:tripId/settlements/calculate', async (req, res) => {
    const { tripId } = parseInput(tripIdParamsSchema, req.params);
    const coded = preferredEncoding(req);
    sendEncodedJson(res, await service.calculateSettlementsJson(currentUser(res), tripId, coded), coded);
  });
  router.put('/settlements/:id/paid', async (req, res) => {
    const { id } = parseInput(entityIdParamsSchema, req.params);
    const body = parseInput(markPaidBodySchema, req.body ?? {});
    res.json({ settlement: await service.markSettlementPaid(currentUser(res), id, body) });
  });

  // Firebase mode: the custom token the browser signs in to Firestore with, minted for the current session so the
  // live listeners work whether or not the login answer's firebaseToken was kept.
  router.post('/live-token', async (_req, res) => {
    if (!deps.createFirebaseToken) throw new HttpError(404, 'This server streams live updates itself');
    res.json({ firebaseToken: await deps.createFirebaseToken(currentUser(res).id) });
  });

  router.get('/trips/:tripId/live', async (req, res) => {
    const { tripId } = parseInput(tripIdParamsSchema, req.params);
    const user = currentUser(res);
    await requireTripMember(deps.store, tripId, user.id);
    const release = liveSlots.acquire(user.id, ipKeyGenerator(req.ip ?? ''));
    if (!release) {
      throw new HttpError(
        429,
        'Too many live connections are open. Close other tabs of this trip and reload.',
      );
    }
    res.on('close', release);
    openLiveStream(req, res, {
      tripId,
      userId: user.id,
      events,
      stillMember: () => service.isMember(tripId, user.id),
    });
  });

  return router;
}
