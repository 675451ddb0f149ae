import {
  acceptInvitation,
  addParticipant,
  declineInvitation,
  listParticipants,
  makeOwner,
  myInvitations,
  participantPaymentHandles,
  participantParamsSchema,
  removeParticipant,
  setParticipantWeight,
  tripInvitations,
  type AddParticipantResponse,
  type ParticipantPaymentHandlesResponse,
  type ParticipantResponse,
  type ParticipantsResponse,
  type TripInvitationsResponse,
  type UserInvitationsResponse,
} from '@wayfare/contract';
import type { AppConfig } from '../../config';
import { currentUser } from '../../http/authenticate';
import { endpointRouter, route } from '../../http/endpoints';
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
  const router = endpointRouter('/trip-split');
  scopeTrips(router, store, participantParamsSchema.partial({ userId: true }));

  route(router, listParticipants, async (_input, _req, res) => {
    return {
      participants: await service.listParticipants(scopeOf(res, 'tripScope')),
    } satisfies ParticipantsResponse;
  });
  // Adding someone makes them a participant at once (201), or, where their own setting asks for it, invites them
  // (202: they join by accepting, GET /invitations, then accept or decline). See service.ts.
  route(router, addParticipant, participantAddLimits(config.rateLimits), async ({ body }, _req, res) => {
    const answer = await service.addParticipant(scopeOf(res, 'tripScope'), body);
    res.status(answer.outcome === 'added' ? 201 : 202).json(answer satisfies AddParticipantResponse);
  });
  // "Make owner": the owner hands the trip to another participant in one atomic step.
  route(router, makeOwner, async ({ body }, _req, res) => {
    return {
      participants: await service.makeOwner(scopeOf(res, 'tripScope'), body.user_id),
    } satisfies ParticipantsResponse;
  });
  route(router, setParticipantWeight, async ({ params, body }, _req, res) => {
    return {
      participant: await service.setWeight(scopeOf(res, 'tripScope'), params.userId, body.weight),
    } satisfies ParticipantResponse;
  });
  // A participant's payment handles, for paying them: the trip scope has already turned a stranger away (404).
  route(router, participantPaymentHandles, async ({ params }, _req, res) => {
    return (await service.paymentHandles(
      scopeOf(res, 'tripScope'),
      params.userId,
    )) satisfies ParticipantPaymentHandlesResponse;
  });
  route(router, tripInvitations, async (_input, _req, res) => {
    return {
      invitations: await service.listInvitations(scopeOf(res, 'tripScope')),
    } satisfies TripInvitationsResponse;
  });
  // The caller's own id: leaving (every participant; never the owner). Anyone else's: the owner removes someone the
  // ledger does not name.
  route(router, removeParticipant, ({ params }, _req, res) =>
    service.removeParticipant(scopeOf(res, 'tripScope'), params.userId),
  );

  // The invitee is not a member yet: these routes are outside the trip scope.
  const invitee = endpointRouter('/trip-split');
  route(invitee, myInvitations, async (_input, _req, res) => {
    return {
      invitations: await service.myInvitations(currentUser(res)),
    } satisfies UserInvitationsResponse;
  });
  route(invitee, acceptInvitation, async ({ params }, _req, res) => {
    return {
      participant: await service.acceptInvitation(currentUser(res), params.tripId),
    } satisfies ParticipantResponse;
  });
  route(invitee, declineInvitation, ({ params }, _req, res) =>
    service.declineInvitation(currentUser(res), params.tripId),
  );
  router.use(invitee);
  return router;
}
