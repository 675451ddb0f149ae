/**
 * Who is asking about which part of a trip, resolved once per request: each use-case router
 * names its id params (`router.param`), the param's callback checks the caller's membership and leaves the answer on
 * res.locals, and the services take that scope instead of asking the store again. A stranger gets the same 404 as for
 * a record that does not exist, so ids reveal nothing.
 */
import type { RequestHandler, Response, Router } from 'express';
import type { z } from 'zod';
import { entityIdParamsSchema, tripIdParamsSchema, type TripRole } from '@wayfare/contract';
import { currentUser } from '../http/authenticate';
import { HttpError } from '../http/errors';
import { parseInput } from '../http/parse';
import type { ExpenseRecord, SettlementRecord, Store, TripAccess, UserRecord } from '../store/types';
import { requireTripMember, TRIP_NOT_FOUND } from '../trips/access';

export const EXPENSE_NOT_FOUND = 'Expense not found';

/** A member of the trip the request names: the trip's list fields and the caller's role on it. */
export interface TripScope extends TripAccess {
  user: UserRecord;
}

/** A member of the trip of the expense the request names. */
export interface ExpenseScope {
  user: UserRecord;
  expense: ExpenseRecord;
  role: TripRole;
}

/** A member of the trip of the settlement the request names. */
export interface SettlementScope {
  user: UserRecord;
  settlement: SettlementRecord;
  role: TripRole;
}

interface Scopes {
  tripScope: TripScope;
  expenseScope: ExpenseScope;
  settlementScope: SettlementScope;
}

declare global {
  // eslint-disable-next-line @typescript-eslint/no-namespace
  namespace Express {
    interface Locals {
      tripScope?: TripScope;
      expenseScope?: ExpenseScope;
      settlementScope?: SettlementScope;
    }
  }
}

export async function tripScopeOf(store: Store, user: UserRecord, tripId: string): Promise<TripScope> {
  // A guest is a member of its one trip only; refused before any read all the same, as a stranger is.
  if (user.guest_trip_id !== undefined && user.guest_trip_id !== tripId)
    throw new HttpError(404, TRIP_NOT_FOUND);
  return { user, ...(await requireTripMember(store, tripId, user.id)) };
}

/** The expense and the caller's role on its trip; 404 for strangers as for missing expenses. */
export async function expenseScopeOf(store: Store, user: UserRecord, id: string): Promise<ExpenseScope> {
  const expense = await store.ledger.getExpense(id);
  const role = expense && (await store.members.roleOf(expense.trip_id, user.id));
  if (!expense || !role) throw new HttpError(404, EXPENSE_NOT_FOUND);
  return { user, expense, role };
}

type Resolve<K extends keyof Scopes> = (user: UserRecord, value: string) => Promise<Scopes[K]>;

/** Resolves `key`'s scope from the route's `param` (the signed-in caller and the param's value) before its handlers. */
export function scopeBy<K extends keyof Scopes>(router: Router, param: string, key: K, resolve: Resolve<K>) {
  router.param(param, async (_req, res, next, value: string) => {
    res.locals[key] = await resolve(currentUser(res), value);
    next();
  });
}

/**
 * The same as one step of a route, for a route whose other steps must come first: an upload is received (or
 * refused, its body read to the end) before the caller's membership is checked, as it always was.
 */
export const scopeStep =
  <K extends keyof Scopes>(param: string, key: K, resolve: Resolve<K>): RequestHandler =>
  async (req, res, next) => {
    res.locals[key] = await resolve(currentUser(res), String(req.params[param]));
    next();
  };

/**
 * `:tripId` of the router's routes: the route's ids parsed first (400, before any store path is built from one;
 * `params` names the router's other ids, optional where a route has none), then the caller's membership (404).
 */
export const scopeTrips = (
  router: Router,
  store: Store,
  params: z.ZodType<{ tripId: string }> = tripIdParamsSchema,
) =>
  router.param('tripId', async (req, res, next) => {
    const { tripId } = parseInput(params, req.params);
    res.locals.tripScope = await tripScopeOf(store, currentUser(res), tripId);
    next();
  });

/** The id of an entity (`:id`, e.g. an expense or a settlement) as its params schema reads it (400). */
export const entityId = (value: string) => parseInput(entityIdParamsSchema, { id: value }).id;

/** The scope the route's param resolved (scopeBy); a route without one is a wiring mistake. */
export function scopeOf<K extends keyof Scopes>(res: Response, key: K): Scopes[K] {
  const scope = res.locals[key];
  if (!scope) throw new Error(`This route resolves no ${key} (ledger/scope.ts)`);
  return scope as Scopes[K];
}
