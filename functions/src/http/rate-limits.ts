import type { NextFunction, Request, Response } from 'express';
import { ipKeyGenerator, rateLimit, type Options } from 'express-rate-limit';
import type { AppConfig } from '../config';
import { currentUser } from './authenticate';
import { LRUCache } from 'lru-cache';

const tooMany = (what: string) => ({ error: `Too many ${what}. Please wait a few minutes and try again.` });

const common = (windowMs: number): Partial<Options> => ({
  windowMs,
  standardHeaders: 'draft-7',
  legacyHeaders: false,
});

type Limits = AppConfig['rateLimits'];

/** Every auth call from one address: generous, so a group signing up on one Wi-Fi is not blocked. */
export const authCallsPerIp = ({ windowMs, authPerIp }: Limits) =>
  rateLimit({ ...common(windowMs), limit: authPerIp, message: tooMany('requests') });

/** A per-user limit behind requireAuth: `limit` calls per window, counted apart for each `what`. */
const perUser = (windowMs: number, limit: number, what: string) =>
  rateLimit({
    ...common(windowMs),
    limit,
    message: tooMany(what),
    keyGenerator: (_req: Request, res: Response) => `${what}:${currentUser(res).id}`,
  });

/** How many users' recent trips the distinct-trips limit remembers. */
const ADDERS_KEPT = 100_000;

/**
 * Adds by email or username (behind requireAuth), sized for groups and against spraying: per
 * window, one user may make `addsPerTrip` adds to one trip (a class of 60 in one sitting), and add people to at most
 * `addTripsPerUser` different trips, so one account cannot reach strangers across many trips, nor probe at scale
 * which emails have accounts.
 */
export function participantAddLimits({ windowMs, addsPerTrip, addTripsPerUser }: Limits) {
  const perTrip = rateLimit({
    ...common(windowMs),
    limit: addsPerTrip,
    message: tooMany('people added to this trip'),
    keyGenerator: (req: Request, res: Response) => `adds:${currentUser(res).id}:${String(req.params.tripId)}`,
  });
  // user id → trip id → when the user first added someone to it in the current window.
  const tripsOf = new LRUCache<string, Map<string, number>>({ max: ADDERS_KEPT });
  const distinctTrips = (req: Request, res: Response, next: NextFunction) => {
    const userId = currentUser(res).id;
    const tripId = String(req.params.tripId);
    const now = Date.now();
    const trips = tripsOf.get(userId) ?? new Map<string, number>();
    for (const [id, since] of trips) if (now - since >= windowMs) trips.delete(id);
    if (!trips.has(tripId)) {
      if (trips.size >= addTripsPerUser) {
        const oldest = Math.min(...trips.values());
        res.set('Retry-After', String(Math.ceil((oldest + windowMs - now) / 1000)));
        res.status(429).json({
          error:
            'You have added people to too many trips in a short time. Please wait a few minutes and try again.',
        });
        return;
      }
      trips.set(tripId, now);
    }
    tripsOf.set(userId, trips);
    next();
  };
  return [distinctTrips, perTrip];
}

/** Invite links created by one user, and attempts to join by link (which would otherwise let tokens be guessed). */
export const inviteLinksPerUser = ({ windowMs, invitationsPerUser: limit }: Limits) =>
  perUser(windowMs, limit, 'invite links');
export const linkJoinsPerUser = ({ windowMs, invitationsPerUser: limit }: Limits) =>
  perUser(windowMs, limit, 'attempts to join by link');

const accountOf = (req: Request): string | null => {
  const email: unknown = req.body?.email;
  return typeof email === 'string' && email.trim() ? email.trim().toLowerCase() : null;
};
const addressOf = (req: Request) => ipKeyGenerator(req.ip ?? '');
const pairOf = (req: Request) => `${accountOf(req) ?? ''}\n${addressOf(req)}`;

/** How many (account, address) pairs that once logged in are remembered for the account ceiling. */
const KNOWN_PAIRS = 50_000;

/**
 * Failed logins are limited twice, so that nobody can lock an owner out and nobody can guess at scale:
 * - per (account, address) pair: a guesser at one address is stopped after a few tries, but only that pair is;
 *   the owner signs in from anywhere else as usual;
 * - per account, over a longer window and with a higher ceiling: a guesser spread over many addresses still gets
 *   nowhere. Addresses the account has already signed in from are exempt from this one, so even a distributed
 *   attack cannot keep the owner out of their usual places.
 * Call `rememberSuccess(req)` after a successful login.
 */
export function failedLoginLimits({ windowMs, failedLoginsPerPair, failedLoginsPerAccount }: Limits) {
  const knownPairs = new LRUCache<string, true>({ max: KNOWN_PAIRS });
  const perPair = rateLimit({
    ...common(windowMs),
    limit: failedLoginsPerPair,
    skipSuccessfulRequests: true,
    message: tooMany('failed login attempts from here'),
    keyGenerator: (req: Request) => `pair:${pairOf(req)}`,
  });
  const perAccount = rateLimit({
    ...common(windowMs * 4),
    limit: failedLoginsPerAccount,
    skipSuccessfulRequests: true,
    message: tooMany('failed login attempts for this account'),
    skip: (req: Request) => !accountOf(req) || knownPairs.has(pairOf(req)),
    keyGenerator: (req: Request) => `account:${accountOf(req)}`,
  });
  return {
    middleware: [perPair, perAccount],
    rememberSuccess: (req: Request) => knownPairs.set(pairOf(req), true),
  };
}
