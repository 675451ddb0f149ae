/**
 * The trip budget, the spending "at a glance" against it, and the activity history with its restore.
 * Members only, like the rest of the ledger: to anyone else the trip does not exist (404). Any member may set the
 * budget and restore a deleted expense (the restore is a new expense, created in one write with its history entry).
 */
import {
  ACTIVITY_NOT_FOUND,
  ALREADY_RESTORED,
  budgetPlanOf,
  convertMinor,
  homeCurrencyOf,
  NOT_RESTORABLE,
  parseRecommendations,
  peopleOfEntry,
  recommendationsAnswer,
  spendingOf,
  suggestedBudgetUsdCents,
  toIsoDate,
  tripDaysOf,
  type ActivityListQuery,
  type ActivityResponse,
  type BudgetBody,
  type BudgetResponse,
  type BudgetSuggestion,
  type LedgerChangeKind,
  type LedgerPerson,
  type SpentExpense,
  type TripBudget,
} from '@wayfare/contract';
import { boundedCache, keyBytes, recordBytes } from '../../cache-budgets';
import { HttpError } from '../../http/errors';
import { restorableExpense } from '../../store/shared/activity-entries';
import {
  HomeCurrencyChangedError,
  NotAMemberError,
  RestoredAlreadyError,
  type Store,
  type TripRecord,
} from '../../store/types';
import { TRIP_NOT_FOUND } from '../../trips/access';
import type { TripScope } from '../scope';
import type { RateProvider } from '../../rates/provider';
import type { LedgerNotices } from '../../store/port/ledger-notices';
import { peopleOf } from '../people';

export const RESTORE_NAMES_FORMER_MEMBER =
  'Someone in this expense is no longer a participant of this trip, so it cannot be restored';
export const RESTORE_CURRENCY_CHANGED =
  "The trip's home currency has changed since this expense was deleted, so it cannot be restored";

/** Trips' spent lists kept, in bytes: a 20,000-expense trip's list is some 2 MiB. */
export const SPENT_EXPENSES_CACHE_BYTES = 16 * 1024 * 1024;

export function createBudgetService({
  store,
  notices,
  rates,
  spentCacheBytes = SPENT_EXPENSES_CACHE_BYTES,
}: {
  store: Store;
  notices: LedgerNotices;
  rates: RateProvider;
  spentCacheBytes?: number;
}) {
  /**
   * Each trip's expenses as the glance sums them (amount, category, date), per ledger version: every expense write
   * gives the trip a new one, so members' pages refetching on each live notice read the expenses once per change.
   */
  const spentExpenses = boundedCache<SpentExpense[]>(
    'budget spent expenses',
    spentCacheBytes,
    (list, key) => list.reduce((bytes, spent) => bytes + recordBytes(spent), 16) + keyBytes(key),
  );
  async function spentOf(trip: TripRecord): Promise<SpentExpense[]> {
    const key = `${trip.id}\n${trip.ledger_version}`;
    const cached = spentExpenses.get(key);
    if (cached) return cached;
    const spent = (await store.ledger.listExpenses(trip.id)).map((e) => ({
      amount_minor: e.amount_minor,
      category: e.category,
      expense_date: e.expense_date,
    }));
    spentExpenses.set(key, spent);
    return spent;
  }

  const emit = (kind: LedgerChangeKind, tripId: string, subjectId: string) =>
    notices.changed({ kind, trip_id: tripId, subject_id: subjectId, at: new Date().toISOString() });

  /** The whole trip (its guide and question-flow answers), for the member the request's scope resolved. */
  async function memberTrip(tripId: string): Promise<TripRecord> {
    const trip = await store.trips.get(tripId);
    if (!trip) throw new HttpError(404, TRIP_NOT_FOUND);
    return trip;
  }

  /** The prefill (docs/api.md, "Budget, money at a glance and activity history"), in the home currency at the day's reference rate. */
  async function suggestionFor(
    trip: TripRecord,
    members: number,
    home: string,
  ): Promise<BudgetSuggestion | null> {
    const parsed = parseRecommendations(recommendationsAnswer(trip.recommendations));
    const days = tripDaysOf(trip.start_date, trip.end_date).length;
    const usd = suggestedBudgetUsdCents({
      guideBudget: parsed.guide?.budget ?? null,
      budget_range: trip.budget_range,
      days: days > 0 ? days : null,
      people: Math.max(trip.number_of_people, members),
    });
    if (!usd) return null;
    const rate = await rates.rate('USD', home, toIsoDate(new Date()));
    if (!rate) return null;
    const amount = convertMinor(usd.cents, rate.rate, 'USD', home);
    if (amount <= 0) return null;
    const converted = home === 'USD' ? '' : ` Converted from US dollars at ${rate.rate} ${home} per dollar.`;
    return {
      kind: 'total',
      amount_minor: amount,
      basis: usd.basis,
      explanation: usd.explanation + converted,
    };
  }

  async function budgetAnswer(trip: TripRecord, budget: TripBudget | null): Promise<BudgetResponse> {
    const home = homeCurrencyOf(trip);
    const [members, expenses, ledger] = await Promise.all([
      store.members.list(trip.id),
      spentOf(trip),
      store.ledger.ledgerState(trip.id),
    ]);
    const days = tripDaysOf(trip.start_date, trip.end_date);
    const suggestion = await suggestionFor(trip, members.length, home);
    const effective = budget ?? (suggestion && { ...suggestion, categories: {} });
    const plan = effective ? budgetPlanOf(effective, days.length) : null;
    const spending = spendingOf(expenses, days, plan?.categories);
    const person = await peopleOf(
      store,
      members,
      ledger.totals.map((t) => t.user_id),
    );
    const by_person = ledger.totals
      .filter((t) => t.paid_minor !== 0 || t.owed_minor !== 0)
      .map((t) => {
        const { user_id, first_name, last_name, left } = person(t.user_id);
        return { user_id, first_name, last_name, left, paid_minor: t.paid_minor, share_minor: t.owed_minor };
      })
      .sort((a, b) => b.paid_minor - a.paid_minor || a.user_id.localeCompare(b.user_id));
    return {
      budget,
      suggestion,
      home_currency: home,
      plan,
      plan_source: budget ? 'set' : suggestion ? 'suggested' : null,
      spending: { ...spending, by_person },
    };
  }

  return {
    async budget({ trip: { id: tripId } }: TripScope): Promise<BudgetResponse> {
      const trip = await memberTrip(tripId);
      return budgetAnswer(trip, await store.budgets.get(tripId));
    },

    async setBudget({ trip: { id: tripId }, user }: TripScope, body: BudgetBody): Promise<BudgetResponse> {
      const trip = await memberTrip(tripId);
      const budget = await store.budgets.set(tripId, body, user.id);
      if (!budget) throw new HttpError(404, TRIP_NOT_FOUND);
      await emit('trip.budget', tripId, tripId);
      return budgetAnswer(trip, budget);
    },

    /** Newest first, a page at a time (one entry more is read to learn whether another page follows). */
    async activity({ trip }: TripScope, { limit, cursor }: ActivityListQuery): Promise<ActivityResponse> {
      const tripId = trip.id;
      const [members, rows] = await Promise.all([
        store.members.list(tripId),
        store.activity.list(tripId, { limit: limit + 1, before: cursor ?? null }),
      ]);
      const entries = rows.slice(0, limit);
      const person = await peopleOf(store, members, entries.flatMap(peopleOfEntry));
      const people: Record<string, LedgerPerson> = {};
      for (const id of new Set(entries.flatMap(peopleOfEntry))) people[id] = person(id);
      return {
        entries,
        people,
        next_cursor: rows.length > limit ? (entries[entries.length - 1]?.id ?? null) : null,
        home_currency: homeCurrencyOf(trip),
      };
    },

    /** A deleted expense back as a new expense, recorded as its restoration; its entry can restore it once. */
    async restore({ trip, user }: TripScope, entryId: string): Promise<{ expense_id: string }> {
      const tripId = trip.id;
      const entry = await store.activity.get(tripId, entryId);
      if (!entry) throw new HttpError(404, ACTIVITY_NOT_FOUND);
      if (entry.kind !== 'expense.deleted') throw new HttpError(409, NOT_RESTORABLE);
      if (entry.restored_as !== null) throw new HttpError(409, ALREADY_RESTORED);
      // Its amounts are in the currency the trip had when it was deleted (changeable only with an empty ledger).
      const history = await store.activity.listAll(tripId);
      if (history.some((later) => later.kind === 'trip.home_currency' && later.id > entryId)) {
        throw new HttpError(409, RESTORE_CURRENCY_CHANGED);
      }
      try {
        const record = await store.ledger.createExpense(
          tripId,
          restorableExpense(entry.expense),
          homeCurrencyOf(trip),
          { actor_id: user.id, restored_from: entryId },
        );
        await emit('expense.created', tripId, record.id);
        return { expense_id: record.id };
      } catch (err) {
        if (err instanceof RestoredAlreadyError) throw new HttpError(409, ALREADY_RESTORED);
        if (err instanceof NotAMemberError) throw new HttpError(409, RESTORE_NAMES_FORMER_MEMBER);
        if (err instanceof HomeCurrencyChangedError) throw new HttpError(409, RESTORE_CURRENCY_CHANGED);
        throw err;
      }
    },
  };
}

export type BudgetService = ReturnType<typeof createBudgetService>;
