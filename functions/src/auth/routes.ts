import {
  getMe,
  login,
  register,
  setAddPolicy,
  setPaymentHandles,
  type MeResponse,
  type RegisterResponse,
} from '@wayfare/contract';
import type { AppConfig } from '../config';
import { currentUser, requireAuth, SESSION_INVALID } from '../http/authenticate';
import { HttpError } from '../http/errors';
import { endpointRouter, mountedEndpoints, route } from '../http/endpoints';
import { authCallsPerIp, failedLoginLimits } from '../http/rate-limits';
import type { Store } from '../store/types';
import { createAuthService, toPublicUser, type AuthServiceDeps } from './service';
import type { TokenService } from '../http/tokens';

export function authRoutes(
  deps: AuthServiceDeps & { store: Store; tokens: TokenService; config: AppConfig },
) {
  const service = createAuthService(deps);
  const router = endpointRouter('/auth');
  router.use(authCallsPerIp(deps.config.rateLimits));
  const loginLimits = failedLoginLimits(deps.config.rateLimits);

  route(router, register, async ({ body }) => {
    const user = await service.register(body);
    return { user } satisfies RegisterResponse;
  });

  route(router, login, loginLimits.middleware, async ({ body }, req) => {
    const answer = await service.login(body);
    loginLimits.rememberSuccess(req);
    return answer;
  });

  route(router, getMe, [requireAuth(deps.tokens, deps.store)], (_input, _req, res) => {
    return { user: toPublicUser(currentUser(res)) } satisfies MeResponse;
  });
  // The account setting "Who can add me to a trip" (contract add-policy.ts).
  route(router, setAddPolicy, [requireAuth(deps.tokens, deps.store)], async ({ body }, _req, res) => {
    const user = await deps.store.users.setAddPolicy(currentUser(res).id, body.add_policy);
    if (!user) throw new HttpError(401, SESSION_INVALID);
    return { user: toPublicUser(user) } satisfies MeResponse;
  });
  // Where the user can be paid (contract payments/handles.ts): the members of their trips read it to pay them.
  route(router, setPaymentHandles, [requireAuth(deps.tokens, deps.store)], async ({ body }, _req, res) => {
    const user = await deps.store.users.setPaymentHandles(currentUser(res).id, body.payment_handles);
    if (!user) throw new HttpError(401, SESSION_INVALID);
    return { user: toPublicUser(user) } satisfies MeResponse;
  });

  return mountedEndpoints(router);
}
