import { claimOwnGuest, getGuestSessionOffer, startGuestSession } from '@wayfare/contract';
import type { AppConfig } from '../../config';
import { currentUser } from '../../http/authenticate';
import { endpointRouter, route } from '../../http/endpoints';
import { authCallsPerIp, inviteLinksPerUser } from '../../http/rate-limits';
import type { GuestSessionService } from './service';

type Limits = Pick<AppConfig, 'rateLimits'>;

/** Continuing by invite link without an account: public, and limited per address as sign-ups are. */
export function guestSessionStartRoutes(sessions: GuestSessionService, config: Limits) {
  const router = endpointRouter('/trip-split');
  const perAddress = authCallsPerIp(config.rateLimits);
  route(router, getGuestSessionOffer, [perAddress], async ({ params }) => {
    return { offer: await sessions.offer(params.token) };
  });
  route(router, startGuestSession, [perAddress], ({ params, body }) => sessions.start(params.token, body));
  return router;
}

/** Behind requireAuth: a guest session's way to an account of its own, through its guest's claim link. */
export function guestSessionRoutes(sessions: GuestSessionService, config: Limits) {
  const router = endpointRouter('/trip-split');
  route(router, claimOwnGuest, [inviteLinksPerUser(config.rateLimits)], (_input, _req, res) =>
    sessions.claimLinkFor(currentUser(res)),
  );
  return router;
}
