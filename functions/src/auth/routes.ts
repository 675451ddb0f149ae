import { Router } from 'express';
import {
  addPolicyBodySchema,
  loginBodySchema,
  registerBodySchema,
  type MeResponse,
  type RegisterResponse,
} from '@wayfare/contract';
import type { AppConfig } from '../config';
import { currentUser, requireAuth, SESSION_INVALID } from '../http/authenticate';
import { HttpError } from '../http/errors';
import { parseInput } from '../http/parse';
import { authCallsPerIp, failedLoginLimits } from '../http/rate-limits';
import type { Store } from '../store/types';
import { createAuthService, toPublicUser, type AuthServiceDeps } from './service';
import type { TokenService } from '../http/tokens';

export function authRoutes(
  deps: AuthServiceDeps & { store: Store; tokens: TokenService; config: AppConfig },
) {
  const service = createAuthService(deps);
  const router = Router();
  router.use(authCallsPerIp(deps.config.rateLimits));
  const loginLimits = failedLoginLimits(deps.config.rateLimits);

  router.post('/register', async (req, res) => {
    const user = await service.register(parseInput(registerBodySchema, req.body));
    res.status(201).json({ user } satisfies RegisterResponse);
  });

  router.post('/login', ...loginLimits.middleware, async (req, res) => {
    const answer = await service.login(parseInput(loginBodySchema, req.body));
    loginLimits.rememberSuccess(req);
    res.json(answer);
  });

  router.get('/me', requireAuth(deps.tokens, deps.store), (_req, res) => {
    res.json({ user: toPublicUser(currentUser(res)) } satisfies MeResponse);
  });
  // The account setting "Who can add me to a trip" (contract add-policy.ts).
  router.put('/me/add-policy', requireAuth(deps.tokens, deps.store), async (req, res) => {
    const { add_policy } = parseInput(addPolicyBodySchema, req.body);
    const user = await deps.store.users.setAddPolicy(currentUser(res).id, add_policy);
    if (!user) throw new HttpError(401, SESSION_INVALID);
    res.json({ user: toPublicUser(user) } satisfies MeResponse);
  });

  return router;
}
