import { Router } from 'express';
import {
  createInviteLinkBodySchema,
  inviteLinkTokenParamsSchema,
  type CreatedInviteLinkResponse,
  type InviteLinkResponse,
  type JoinByLinkResponse,
} from '@wayfare/contract';
import type { AppConfig } from '../../config';
import { currentUser } from '../../http/authenticate';
import { parseInput } from '../../http/parse';
import { inviteLinksPerUser, linkJoinsPerUser } from '../../http/rate-limits';
import type { Store } from '../../store/types';
import { scopeOf, scopeTrips } from '../scope';
import type { InviteLinkService } from './service';

/** Joining by link: one active link per trip, created (replacing the last) or turned off by any member. */
export function inviteLinkRoutes(
  store: Store,
  links: InviteLinkService,
  config: Pick<AppConfig, 'rateLimits'>,
) {
  const router = Router();
  scopeTrips(router, store);

  router.get('/trips/:tripId/invite-link', async (_req, res) => {
    res.json({ link: await links.active(scopeOf(res, 'tripScope')) } satisfies InviteLinkResponse);
  });
  router.post('/trips/:tripId/invite-link', inviteLinksPerUser(config.rateLimits), async (req, res) => {
    const body = parseInput(createInviteLinkBodySchema, req.body);
    res
      .status(201)
      .json((await links.create(scopeOf(res, 'tripScope'), body)) satisfies CreatedInviteLinkResponse);
  });
  router.delete('/trips/:tripId/invite-link', async (_req, res) => {
    await links.revoke(scopeOf(res, 'tripScope'));
    res.status(204).end();
  });
  // The joiner is not a member yet: the token, not a trip id, addresses the link.
  router.post('/invite-links/:token/join', linkJoinsPerUser(config.rateLimits), async (req, res) => {
    const { token } = parseInput(inviteLinkTokenParamsSchema, req.params);
    res.json((await links.join(currentUser(res), token)) satisfies JoinByLinkResponse);
  });
  return router;
}
