/**
 * The route edge of an expense write: its body, in any of the shapes the spec and the forms send, read into the one
 * ExpenseEntry the service, the split decision and the store speak (contract's expenseEntrySchema). Without
 * `currency` (and without a `rate`, which needs one), its amounts are in the trip's home currency as the trip has it
 * when the body arrives, for every currency: read with that currency's decimals (1200 in a yen trip is ¥1,200). The
 * service checks inside its write that the home currency is still that one (409 HOME_CURRENCY_CHANGED otherwise), as
 * for a body that names it.
 */
import { expenseEntrySchema, homeCurrencyOf, type ExpenseEntry } from '@wayfare/contract';
import { parseInput } from '../../http/parse';
import type { Store, TripListFields } from '../../store/types';
import type { ExpenseScope, TripScope } from '../scope';

export interface ReadExpenseBody {
  entry: ExpenseEntry;
  /** The home currency a body without one was read in; undefined when the body named its currency. */
  defaulted?: string;
}

const namesNoCurrency = (raw: unknown): raw is Record<string, unknown> =>
  typeof raw === 'object' &&
  raw !== null &&
  !Array.isArray(raw) &&
  (raw as Record<string, unknown>).currency === undefined &&
  (raw as Record<string, unknown>).rate === undefined;

/**
 * Parses the body; one without a currency is read in the home currency of the trip, which `tripOf` answers (the
 * caller is a member: the request's scope said so before the body is read), or null to parse it as it is (a trip
 * gone meanwhile: the service then answers 404).
 */
async function readExpenseBody(
  raw: unknown,
  tripOf: () => Promise<Pick<TripListFields, 'home_currency'> | null>,
): Promise<ReadExpenseBody> {
  if (!namesNoCurrency(raw)) return { entry: parseInput(expenseEntrySchema, raw) };
  const trip = await tripOf();
  if (!trip) return { entry: parseInput(expenseEntrySchema, raw) };
  const home = homeCurrencyOf(trip);
  return { entry: parseInput(expenseEntrySchema, { ...raw, currency: home }), defaulted: home };
}

/** POST /trips/{tripId}/expenses: the trip the request's scope resolved for its member. */
export const newExpenseBody = ({ trip }: TripScope, raw: unknown) =>
  readExpenseBody(raw, () => Promise.resolve(trip));

/** PUT /expenses/{id}: the expense's trip, for the member the request's scope resolved. */
export const editedExpenseBody = (store: Store, { expense }: ExpenseScope, raw: unknown) =>
  readExpenseBody(raw, () => store.trips.listFields(expense.trip_id));
