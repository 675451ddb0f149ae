/**
 * The rule for joining a trip by its invite link, decided once for both store adapters: each
 * finds the link by its token's hash and reads the person's membership inside its atomic write, asks this function,
 * and applies the answer (no link found is 'unknown' before any rule). It lives beside the port: store/ imports no
 * feature, so the adapters can call it. In this order: revoked → expired → the trip is gone ('unknown') → already a
 * member (who uses nothing, whatever the count) → used up → join.
 */
import type { InviteLinkRecord } from '../port/invite-links';

export type JoinDecision =
  { outcome: 'unknown' | 'revoked' | 'expired' | 'used-up' } | { outcome: 'member' } | { outcome: 'join' };

/** Whether the person is on the link's trip already; 'no-trip' when the trip no longer exists. */
export type JoinerMembership = 'member' | 'not-member' | 'no-trip';

export function joinDecision(
  link: Pick<InviteLinkRecord, 'revoked_at' | 'expires_at' | 'max_uses' | 'uses'>,
  membership: JoinerMembership,
  at: string,
): JoinDecision {
  if (link.revoked_at) return { outcome: 'revoked' };
  if (link.expires_at <= at) return { outcome: 'expired' };
  if (membership === 'no-trip') return { outcome: 'unknown' };
  if (membership === 'member') return { outcome: 'member' };
  if (link.max_uses !== null && link.uses >= link.max_uses) return { outcome: 'used-up' };
  return { outcome: 'join' };
}
