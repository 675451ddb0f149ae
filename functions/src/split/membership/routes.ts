import { Router } from 'express';
import {
  addParticipantBodySchema,
  makeOwnerBodySchema,
  participantParamsSchema,
  tripIdParamsSchema,
  type AddParticipantResponse,
  type ParticipantResponse,
  type ParticipantsResponse,
  type TripInvitationsResponse,
  type UserInvitationsResponse,
} from '@wayfare/contract';
import type { AppConfig } from '../../config';
import { currentUser } from '../../http/authenticate';
import { parseInput } from '../../http/parse';
import { participantAddLimits } from '../../http/rate-limits';
import type { Store } from '../../store/types';
import { scopeOf, scopeTrips } from '../scope';
import type { MembershipService } from './service';

/** A trip's participants and invitations (its members only), and the invitee's own side of an invitation. */
export function membershipRoutes(
  store: Store,
  service: MembershipService,
  config: Pick<AppConfig, 'rateLimits'>,
) {
  const router = Router();
  scopeTrips(router, store, participantParamsSchema.partial({ userId: true }));

  router.get('/trips/:tripId/participants', async (_req, res) => {
    res.json({
      participants: await service.listParticipants(scopeOf(res, 'tripScope')),
    } satisfies ParticipantsResponse);
  });
  // Adding someone makes them a participant at once (201), or, where their own setting asks for it, invites them
  // (202: they join by accepting, GET /invitations, then accept or decline). See service.ts.
  router.post('/trips/:tripId/participants', ...participantAddLimits(config.rateLimits), async (req, res) => {
    const body = parseInput(addParticipantBodySchema, req.body);
    const answer = await service.addParticipant(scopeOf(res, 'tripScope'), body);
    res.status(answer.outcome === 'added' ? 201 : 202).json(answer satisfies AddParticipantResponse);
  });
  // "Make owner": the owner hands the trip to another participant in one atomic step.
  router.put('/trips/:tripId/owner', async (req, res) => {
    const { user_id } = parseInput(makeOwnerBodySchema, req.body);
    res.json({
      participants: await service.makeOwner(scopeOf(res, 'tripScope'), user_id),
    } satisfies ParticipantsResponse);
  });
  router.get('/trips/:tripId/invitations', async (_req, res) => {
    res.json({
      invitations: await service.listInvitations(scopeOf(res, 'tripScope')),
    } satisfies TripInvitationsResponse);
  });
  // The caller's own id: leaving (every participant; never the owner). Anyone else's: the owner removes someone the
  // ledger does not name.
  router.delete('/trips/:tripId/participants/:userId', async (req, res) => {
    const { userId } = parseInput(participantParamsSchema, req.params);
    await service.removeParticipant(scopeOf(res, 'tripScope'), userId);
    res.status(204).end();
  });

  // The invitee is not a member yet: these routes are outside the trip scope.
  const invitee = Router();
  invitee.get('/invitations', async (_req, res) => {
    res.json({
      invitations: await service.myInvitations(currentUser(res)),
    } satisfies UserInvitationsResponse);
  });
  invitee.post('/invitations/:tripId/accept', async (req, res) => {
    const { tripId } = parseInput(tripIdParamsSchema, req.params);
    res.json({
      participant: await service.acceptInvitation(currentUser(res), tripId),
    } satisfies ParticipantResponse);
  });
  invitee.post('/invitations/:tripId/decline', async (req, res) => {
    const { tripId } = parseInput(tripIdParamsSchema, req.params);
    await service.declineInvitation(currentUser(res), tripId);
    res.status(204).end();
  });
  router.use(invitee);
  return router;
}
