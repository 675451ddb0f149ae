/** Who settles as one when a trip's settlements are planned or explained (contract/src/households.ts). */
import type { Household } from '@wayfare/contract';
import type { Store } from '../../store/types';

/** The trip's households while it settles by household; none (everyone settles alone) while it does not. */
export async function settlingHouseholds(store: Store, tripId: string): Promise<Household[]> {
  const { settle_by_household, households } = await store.households.list(tripId);
  return settle_by_household ? households : [];
}
