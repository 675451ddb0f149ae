import {
  createInviteLink,
  getInviteLink,
  joinByLink,
  revokeInviteLink,
  type CreatedInviteLinkResponse,
  type InviteLinkResponse,
  type JoinByLinkResponse,
} from '@wayfare/contract';
import type { AppConfig } from '../../config';
import { currentUser } from '../../http/authenticate';
import { endpointRouter, route } from '../../http/endpoints';
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
  const router = endpointRouter('/trip-split');
  scopeTrips(router, store);

  route(router, getInviteLink, async (_input, _req, res) => {
    return { link: await links.active(scopeOf(res, 'tripScope')) } satisfies InviteLinkResponse;
  });
  route(router, createInviteLink, [inviteLinksPerUser(config.rateLimits)], async ({ body }, _req, res) => {
    return (await links.create(scopeOf(res, 'tripScope'), body)) satisfies CreatedInviteLinkResponse;
  });
  route(router, revokeInviteLink, (_input, _req, res) => links.revoke(scopeOf(res, 'tripScope')));
  // The joiner is not a member yet: the token, not a trip id, addresses the link.
  route(router, joinByLink, [linkJoinsPerUser(config.rateLimits)], async ({ params }, _req, res) => {
    return (await links.join(currentUser(res), params.token)) satisfies JoinByLinkResponse;
  });
  return router;
}
