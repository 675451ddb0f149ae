import {
  acceptGuestClaim,
  createGuestClaimLink,
  getGuestClaim,
  guestParamsSchema,
  revokeGuestClaimLink,
  type AcceptedClaimResponse,
  type ClaimLinkResponse,
} from '@wayfare/contract';
import type { AppConfig } from '../../config';
import { currentUser } from '../../http/authenticate';
import { endpointRouter, route } from '../../http/endpoints';
import { authCallsPerIp, inviteLinksPerUser, linkJoinsPerUser } from '../../http/rate-limits';
import type { Store } from '../../store/types';
import { scopeOf, scopeTrips } from '../scope';
import type { GuestClaimService } from './service';

type Limits = Pick<AppConfig, 'rateLimits'>;

/** A guest's claim link, minted or turned off by any member, and accepted by the signed-in person it is meant for. */
export function guestClaimRoutes(store: Store, claims: GuestClaimService, config: Limits) {
  const router = endpointRouter('/trip-split');
  scopeTrips(router, store, guestParamsSchema);
  route(
    router,
    createGuestClaimLink,
    [inviteLinksPerUser(config.rateLimits)],
    async ({ params }, _req, res) => {
      return (await claims.createLink(scopeOf(res, 'tripScope'), params.guestId)) satisfies ClaimLinkResponse;
    },
  );
  route(router, revokeGuestClaimLink, ({ params }, _req, res) =>
    claims.revokeLink(scopeOf(res, 'tripScope'), params.guestId),
  );
  // The claimer is not a member: the token, not a trip id, addresses the link (tries limited as joins by link are).
  route(router, acceptGuestClaim, [linkJoinsPerUser(config.rateLimits)], async ({ params }, _req, res) => {
    return (await claims.accept(currentUser(res), params.token)) satisfies AcceptedClaimResponse;
  });
  return router;
}

/** What a claim link offers, before anyone signs in: limited per address as sign-ups are. */
export function guestClaimPreviewRoutes(claims: GuestClaimService, config: Limits) {
  const router = endpointRouter('/trip-split');
  route(router, getGuestClaim, [authCallsPerIp(config.rateLimits)], async ({ params }) => {
    return { claim: await claims.preview(params.token) };
  });
  return router;
}
