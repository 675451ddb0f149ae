import { Router } from 'express';
import { loginBodySchema, registerBodySchema, type RegisterResponse } from '@wayfare/contract';
import type { AppConfig } from '../config';
import { currentUser, requireAuth } from '../http/authenticate';
import { parseInput } from '../http/parse';
import { authCallsPerIp, failedLoginLimits } from '../http/rate-limits';
import type { Store } from '../store/types';
import { createAuthService, toPublicUser, type AuthServiceDeps } from './service';
import type { TokenService } from './tokens';

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
    res.json({ user: toPublicUser(currentUser(res)) });
  });

  return router;
}
