/**
 * The rules for writing a household, decided once for both store adapters: each reads, inside its atomic write, the
 * trip's members and households, asks these functions and applies the answer.
 */
import type { HouseholdDraft, HouseholdRecord, HouseholdWrite } from '../port/households';
import { timeOrderedId } from '../shared/time-ordered-id';

/**
 * Why the draft cannot be saved, or null: someone chosen is not a member ('not-member' first), or is in another
 * household of the trip than `householdId` (the one being replaced, if any).
 */
function householdRefusal(
  draft: HouseholdDraft,
  memberIds: ReadonlySet<string>,
  households: readonly Pick<HouseholdRecord, 'id' | 'name' | 'member_ids'>[],
  householdId?: string,
): Exclude<HouseholdWrite, { outcome: 'saved' | 'not-found' }> | null {
  if (draft.member_ids.some((id) => !memberIds.has(id))) return { outcome: 'not-member' };
  const chosen = new Set(draft.member_ids);
  const other = households.find((h) => h.id !== householdId && h.member_ids.some((id) => chosen.has(id)));
  return other ? { outcome: 'taken', household: other.name } : null;
}

/**
 * What writing the draft to the trip comes to, given its households and member ids as read in the write: a new
 * household (`householdId` null), the one of that id replaced whole, or why not. The adapter then stores it.
 */
export function householdWrite(
  tripId: string,
  draft: HouseholdDraft,
  householdId: string | null,
  households: readonly HouseholdRecord[],
  memberIds: ReadonlySet<string>,
): HouseholdWrite {
  const existing = householdId === null ? undefined : households.find((h) => h.id === householdId);
  if (householdId !== null && !existing) return { outcome: 'not-found' };
  const refusal = householdRefusal(draft, memberIds, households, householdId ?? undefined);
  if (refusal) return refusal;
  const now = new Date().toISOString();
  return {
    outcome: 'saved',
    household: existing
      ? { ...existing, ...draft, updated_at: now }
      : { id: timeOrderedId(), trip_id: tripId, ...draft, created_at: now, updated_at: now },
  };
}

/**
 * A household once `userId` has left the trip: without them, and when they paid for it the first member left pays;
 * null when nobody is left (it is dissolved).
 */
export function withoutMember(
  household: Pick<HouseholdRecord, 'payer_user_id' | 'member_ids'>,
  userId: string,
): Pick<HouseholdRecord, 'payer_user_id' | 'member_ids'> | null {
  const member_ids = household.member_ids.filter((id) => id !== userId);
  const [first] = member_ids;
  if (first === undefined) return null;
  return {
    member_ids,
    payer_user_id: household.payer_user_id === userId ? first : household.payer_user_id,
  };
}
