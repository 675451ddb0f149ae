/**
 * Households: people of one trip (registered or guests) who settle as one. Any member groups participants into a
 * named household and names the member who pays and receives for it. A person is in at most one household of a
 * trip; a household of one is allowed (it settles as that person would alone). With the trip's
 * `settle_by_household` switch on, settlements are planned between units (each household, and each person in none)
 * from the sum of their members' balances, and each transfer runs from or to a household's payer. Nobody's own
 * paid, share or balance changes: only who hands the money over.
 */
import { z } from 'zod';
import { recordId } from './ids';
import { settle, type SettlementPlan } from './settlement';

export const HOUSEHOLD_NAME_MAX = 60;
/** Travel groups are small; a bound keeps one request's checks short. */
export const HOUSEHOLD_MEMBERS_MAX = 100;

export const HOUSEHOLD_NAME_REQUIRED = "Enter the household's name";
export const HOUSEHOLD_NAME_TOO_LONG = `A household's name is at most ${HOUSEHOLD_NAME_MAX} characters`;
export const HOUSEHOLD_MEMBERS_REQUIRED = 'Choose at least one member of the household';
export const HOUSEHOLD_MEMBERS_TOO_MANY = `A household has at most ${HOUSEHOLD_MEMBERS_MAX} members`;
export const HOUSEHOLD_MEMBERS_REPEATED = 'Choose each member of the household once';
export const HOUSEHOLD_PAYER_NOT_MEMBER = 'The one who pays for the household must be one of its members';
export const HOUSEHOLD_NOT_FOUND = 'Household not found';
export const HOUSEHOLD_MEMBER_NOT_PARTICIPANT =
  'Every member of a household must be a participant of the trip';
export const HOUSEHOLD_SWITCH_REQUIRED = 'settle_by_household must be true or false';
export const alreadyInHousehold = (household: string) =>
  `Someone chosen is already in the household ${household}`;

/** A household's name: trimmed, 1–60 characters. */
export const householdNameSchema = z
  .string({ error: HOUSEHOLD_NAME_REQUIRED })
  .trim()
  .min(1, HOUSEHOLD_NAME_REQUIRED)
  .max(HOUSEHOLD_NAME_MAX, HOUSEHOLD_NAME_TOO_LONG);

export const householdParamsSchema = z.object({
  tripId: recordId('Trip id'),
  householdId: recordId('Household id'),
});

/**
 * POST /trips/{tripId}/households and PUT /trips/{tripId}/households/{householdId} (the whole household: its
 * name, members and payer).
 */
export const householdBodySchema = z
  .object({
    name: householdNameSchema,
    member_ids: z
      .array(recordId('A member'), { error: HOUSEHOLD_MEMBERS_REQUIRED })
      .min(1, HOUSEHOLD_MEMBERS_REQUIRED)
      .max(HOUSEHOLD_MEMBERS_MAX, HOUSEHOLD_MEMBERS_TOO_MANY)
      .refine((ids) => new Set(ids).size === ids.length, HOUSEHOLD_MEMBERS_REPEATED),
    payer_user_id: recordId('The one who pays for the household'),
  })
  .refine((body) => body.member_ids.includes(body.payer_user_id), {
    message: HOUSEHOLD_PAYER_NOT_MEMBER,
    path: ['payer_user_id'],
  });
export type HouseholdBody = z.output<typeof householdBodySchema>;

export const householdSchema = z.object({
  id: z.string(),
  trip_id: z.string(),
  name: z.string(),
  /** The member who pays and receives for the household when the trip settles by household. */
  payer_user_id: z.string(),
  /** In the order they were chosen. */
  member_ids: z.array(z.string()),
  created_at: z.string(),
  updated_at: z.string(),
});
export type Household = z.infer<typeof householdSchema>;

/** GET /trips/{tripId}/households: the trip's households, oldest first, and whether it settles by household. */
export const householdsResponseSchema = z.object({
  settle_by_household: z.boolean(),
  households: z.array(householdSchema),
});
export type HouseholdsResponse = z.infer<typeof householdsResponseSchema>;

export const householdResponseSchema = z.object({ household: householdSchema });
export type HouseholdResponse = z.infer<typeof householdResponseSchema>;

/** PUT /trips/{tripId}/settle-by-household: any member turns it on or off (answers the same body). */
export const settleByHouseholdSchema = z.object({
  settle_by_household: z.boolean({ error: HOUSEHOLD_SWITCH_REQUIRED }),
});
export type SettleByHousehold = z.infer<typeof settleByHouseholdSchema>;

/** What grouping people into units needs of a household. */
export interface HouseholdGrouping {
  payer_user_id: string;
  member_ids: readonly string[];
}

type Net = ReadonlyArray<{ user_id: string; balance_minor: number }>;

/**
 * Each unit's net balance, in the order its first person appears: a household's members summed under its payer's
 * id, everyone in no household as themselves. Sums of integers: exact, and the units sum to what the people do.
 */
export function householdUnits(
  balances: Net,
  households: readonly HouseholdGrouping[],
): Array<{ user_id: string; balance_minor: number }> {
  const unitOf = new Map<string, string>();
  for (const household of households) {
    for (const member of household.member_ids) unitOf.set(member, household.payer_user_id);
  }
  const units = new Map<string, number>();
  for (const { user_id, balance_minor } of balances) {
    const unit = unitOf.get(user_id) ?? user_id;
    units.set(unit, (units.get(unit) ?? 0) + balance_minor);
  }
  return [...units].map(([user_id, balance_minor]) => ({ user_id, balance_minor }));
}

/** The fewest transfers between units (settle over householdUnits): each from or to a household's payer. */
export const settleHouseholds = (
  balances: Net,
  households: readonly HouseholdGrouping[],
  options?: Parameters<typeof settle>[1],
): SettlementPlan => settle(householdUnits(balances, households), options);

/**
 * A household's figures in "how we got here": its members' balances and what the settlements leave open, summed
 * (0 open once the household's transfers are made, though its payer's own figure is not).
 */
export function householdTotals(
  people: ReadonlyArray<{ user_id: string; balance_minor: number; unsettled_minor: number }>,
  household: HouseholdGrouping,
): { balance_minor: number; unsettled_minor: number } {
  const members = new Set(household.member_ids);
  let balance_minor = 0;
  let unsettled_minor = 0;
  for (const person of people) {
    if (!members.has(person.user_id)) continue;
    balance_minor += person.balance_minor;
    unsettled_minor += person.unsettled_minor;
  }
  return { balance_minor, unsettled_minor };
}
