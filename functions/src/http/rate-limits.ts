import type { Request } from 'express';
import { ipKeyGenerator, rateLimit, type Options } from 'express-rate-limit';
import type { AppConfig } from '../config';

const tooMany = (what: string) => ({ error: `Too many ${what}. Please wait a few minutes and try again.` });

const common = (windowMs: number): Partial<Options> => ({
  windowMs,
  standardHeaders: 'draft-7',
  legacyHeaders: false,
});

/** Every auth call from one address: generous, so a group signing up on one Wi-Fi is not blocked. */
export const authCallsPerIp = ({ windowMs, authPerIp }: AppConfig['rateLimits']) =>
  rateLimit({ ...common(windowMs), limit: authPerIp, message: tooMany('requests') });

/** Failed logins per account, whatever address they come from: stops password guessing. */
export const failedLoginsPerAccount = ({ windowMs, failedLoginsPerAccount }: AppConfig['rateLimits']) =>
  rateLimit({
    ...common(windowMs),
    limit: failedLoginsPerAccount,
    skipSuccessfulRequests: true,
    message: tooMany('failed login attempts for this account'),
    keyGenerator: (req: Request) => {
      const email: unknown = req.body?.email;
      return typeof email === 'string' && email.trim()
        ? `account:${email.trim().toLowerCase()}`
        : `ip:${ipKeyGenerator(req.ip ?? '')}`;
    },
  });
