import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { joinDecision, type JoinerMembership } from './join-decision';

const at = '2027-05-01T12:00:00.000Z';
const instant = fc
  .date({ min: new Date('2027-01-01'), max: new Date('2027-12-31'), noInvalidDate: true })
  .map((d) => d.toISOString());
const link = fc.record({
  revoked_at: fc.option(instant, { nil: null }),
  expires_at: instant,
  max_uses: fc.option(fc.integer({ min: 1, max: 5 }), { nil: null }),
  uses: fc.integer({ min: 0, max: 6 }),
});
const membership = fc.constantFrom<JoinerMembership>('member', 'not-member', 'no-trip');
const usedUp = (l: { max_uses: number | null; uses: number }) => l.max_uses !== null && l.uses >= l.max_uses;

describe('joinDecision: revoked → expired → trip gone → already a member → used up → join', () => {
  it('a revoked link refuses as revoked, whatever else holds', () => {
    fc.assert(
      fc.property(link, membership, (l, m) => {
        fc.pre(l.revoked_at !== null);
        expect(joinDecision(l, m, at)).toEqual({ outcome: 'revoked' });
      }),
    );
  });

  it('an unrevoked link past its expiry (or at it) refuses as expired, even to members and when used up', () => {
    fc.assert(
      fc.property(link, membership, (l, m) => {
        fc.pre(l.revoked_at === null && l.expires_at <= at);
        expect(joinDecision(l, m, at)).toEqual({ outcome: 'expired' });
      }),
    );
  });

  it('a live link: unknown once the trip is gone, "member" for a member even when used up, else used up or join', () => {
    fc.assert(
      fc.property(link, membership, (l, m) => {
        fc.pre(l.revoked_at === null && l.expires_at > at);
        const expected =
          m === 'no-trip' ? 'unknown' : m === 'member' ? 'member' : usedUp(l) ? 'used-up' : 'join';
        expect(joinDecision(l, m, at)).toEqual({ outcome: expected });
      }),
    );
  });

  it('joins exactly when the link is unrevoked, unexpired, has a use left and the person is not on the live trip', () => {
    fc.assert(
      fc.property(link, membership, (l, m) => {
        const joins = joinDecision(l, m, at).outcome === 'join';
        expect(joins).toBe(l.revoked_at === null && l.expires_at > at && m === 'not-member' && !usedUp(l));
      }),
    );
  });

  it('the last use: uses one below the limit joins, at the limit refuses', () => {
    const live = { revoked_at: null, expires_at: '2027-06-01T00:00:00.000Z', max_uses: 3 };
    expect(joinDecision({ ...live, uses: 2 }, 'not-member', at)).toEqual({ outcome: 'join' });
    expect(joinDecision({ ...live, uses: 3 }, 'not-member', at)).toEqual({ outcome: 'used-up' });
    expect(joinDecision({ ...live, uses: 3 }, 'member', at)).toEqual({ outcome: 'member' });
    expect(joinDecision({ ...live, max_uses: null, uses: 1000 }, 'not-member', at)).toEqual({
      outcome: 'join',
    });
  });
});
