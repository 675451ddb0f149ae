import { randomUUID } from 'node:crypto';
import fc from 'fast-check';
import { expect, it } from 'vitest';
import { settle } from '@wayfare/contract';
import { balancesOf } from '../ledger/settlements/planner';
import {
  describeStoreContract,
  groupExpense,
  newUser,
  tripOfPeople,
} from '../../test-support/store-adapters';
import type { LedgerState, MemberRecord } from './types';

describeStoreContract('store contract, guests and claiming them', (adapter) => {
  const soon = (days: number) => new Date(Date.now() + days * 86_400_000).toISOString();
  const hash = () => randomUUID().replaceAll('-', '');

  async function tripWithGuest(name = 'Grandpa Joe') {
    const {
      trip,
      people: [ana, bea],
    } = await tripOfPeople(adapter.store, ['Ana', 'Bea']);
    const added = await adapter.store.guests.add(trip.id, name, ana.id);
    if (added.outcome === 'taken') throw new Error('a new trip has no guests');
    const link = (overrides: { created_at?: string; expires_at?: string } = {}) => ({
      token_hash: hash(),
      trip_id: trip.id,
      guest_id: added.member.user_id,
      created_by: ana.id,
      created_at: soon(0),
      expires_at: soon(30),
      ...overrides,
    });
    return { trip, ana, bea, guest: added.member, link };
  }

  /** Each person's net balance in minor units (paid minus owed, settlements paid counted). */
  async function balances(tripId: string) {
    const state = await adapter.store.ledger.ledgerState(tripId);
    const ids = (await adapter.store.members.list(tripId)).map((m) => m.user_id);
    return Object.fromEntries(balancesOf(ids, state).map((b) => [b.user_id, b.balance_minor]));
  }

  it('adds a guest as a participant by name: a user id like anyone, marked as a guest, no email or username', async () => {
    const { trip, ana, guest } = await tripWithGuest();
    expect(guest).toMatchObject({
      trip_id: trip.id,
      role: 'participant',
      first_name: 'Grandpa Joe',
      last_name: '',
      email: '',
      username: '',
      is_guest: true,
    } satisfies Partial<MemberRecord>);
    // Members who joined in the same millisecond are ordered by id: compared as a set.
    const members = await adapter.store.members.list(trip.id);
    expect(members.map((m) => [m.first_name, m.is_guest]).sort()).toEqual([
      ['Ana', false],
      ['Bea', false],
      ['Grandpa Joe', true],
    ]);
    await expect(adapter.store.members.roleOf(trip.id, guest.user_id)).resolves.toBe('participant');
    await expect(adapter.store.users.findById(guest.user_id)).resolves.toMatchObject({
      guest_trip_id: trip.id,
      email: '',
      username: '',
    });
    // A guest can never sign in: no email or username finds them.
    await expect(adapter.store.users.findByEmail('')).resolves.toBeNull();
    await expect(adapter.store.users.findByUsername('')).resolves.toBeNull();
    const history = await adapter.store.activity.listAll(trip.id);
    expect(history.at(-1)).toMatchObject({ actor_id: ana.id, kind: 'member.joined', user_id: guest.user_id });
  });

  it("deletes the trip's guests with the trip: a guest is a person of that trip alone", async () => {
    const { trip, ana, guest } = await tripWithGuest();
    await expect(adapter.store.trips.delete(trip.id)).resolves.toBe(true);
    await expect(adapter.store.users.findById(guest.user_id)).resolves.toBeNull();
    await expect(adapter.store.users.findById(ana.id)).resolves.toMatchObject({ id: ana.id });
  });

  it('keeps guest names unique per trip, case-insensitively; a removed guest of that name comes back', async () => {
    const { trip, ana, bea, guest } = await tripWithGuest('Joe');
    await expect(adapter.store.guests.add(trip.id, 'JOE', bea.id)).resolves.toEqual({ outcome: 'taken' });
    // Another trip may have its own Joe.
    const other = await tripOfPeople(adapter.store, ['Cai']);
    await expect(adapter.store.guests.add(other.trip.id, 'Joe', other.people[0].id)).resolves.toMatchObject({
      outcome: 'added',
    });

    await adapter.store.ledger.createExpense(
      trip.id,
      groupExpense([
        { user_id: ana.id, share_minor: 1000 },
        { user_id: guest.user_id, share_minor: 1000 },
      ]),
    );
    // Removed whatever the ledger says: the balance stays under the guest's name.
    await expect(adapter.store.guests.remove(trip.id, guest.user_id, bea.id)).resolves.toBe('removed');
    await expect(adapter.store.guests.remove(trip.id, guest.user_id, bea.id)).resolves.toBe('not-guest');
    await expect(adapter.store.guests.remove(trip.id, bea.id, ana.id)).resolves.toBe('not-guest');
    expect((await adapter.store.members.list(trip.id)).map((m) => m.user_id)).toEqual([ana.id, bea.id]);
    const state = await adapter.store.ledger.ledgerState(trip.id);
    expect(state.totals.find((t) => t.user_id === guest.user_id)).toMatchObject({ owed_minor: 1000 });
    expect((await adapter.store.activity.listAll(trip.id)).at(-1)).toMatchObject({
      actor_id: bea.id,
      kind: 'member.removed',
      user_id: guest.user_id,
    });

    const back = await adapter.store.guests.add(trip.id, 'joe', ana.id);
    expect(back).toMatchObject({
      outcome: 'rejoined',
      member: { user_id: guest.user_id, first_name: 'Joe' },
    });
  });

  it('keeps one live claim link per guest; turning it off, and links only for guests of the trip', async () => {
    const { trip, ana, bea, guest, link } = await tripWithGuest();
    const first = link();
    await expect(adapter.store.guests.createClaimLink(first)).resolves.toEqual({
      ...first,
      revoked_at: null,
      used_at: null,
    });
    await expect(adapter.store.guests.findClaimLink(first.token_hash)).resolves.toMatchObject({
      guest_id: guest.user_id,
      revoked_at: null,
    });
    const second = link({ created_at: soon(0.001) });
    await adapter.store.guests.createClaimLink(second);
    await expect(adapter.store.guests.findClaimLink(first.token_hash)).resolves.toMatchObject({
      revoked_at: second.created_at,
    });
    const cai = await adapter.store.users.create(newUser({ first_name: 'Cai' }));
    await expect(adapter.store.guests.claim(first.token_hash, cai.id, soon(0.002))).resolves.toEqual({
      outcome: 'revoked',
    });
    await expect(adapter.store.guests.revokeClaimLink(trip.id, guest.user_id, soon(0.003))).resolves.toBe(
      true,
    );
    await expect(adapter.store.guests.revokeClaimLink(trip.id, guest.user_id, soon(0.004))).resolves.toBe(
      false,
    );
    await expect(adapter.store.guests.claim(second.token_hash, cai.id, soon(0.005))).resolves.toEqual({
      outcome: 'revoked',
    });
    // Not a guest (a registered member), or a guest of another trip: no link.
    await expect(adapter.store.guests.createClaimLink({ ...link(), guest_id: bea.id })).resolves.toBeNull();
    const other = await tripOfPeople(adapter.store, ['Dan']);
    await expect(
      adapter.store.guests.createClaimLink({ ...link(), trip_id: other.trip.id }),
    ).resolves.toBeNull();
    await expect(adapter.store.guests.findClaimLink(hash())).resolves.toBeNull();
    await expect(adapter.store.guests.claim(hash(), cai.id, soon(0))).resolves.toEqual({
      outcome: 'unknown',
    });
    // Removing the guest turns their live link off.
    const third = link({ created_at: soon(0.006) });
    await adapter.store.guests.createClaimLink(third);
    await adapter.store.guests.remove(trip.id, guest.user_id, ana.id);
    await expect(adapter.store.guests.claim(third.token_hash, cai.id, soon(0.007))).resolves.toEqual({
      outcome: 'revoked',
    });
  });

  it('claiming moves every expense, share, settlement and history entry to the account; balances unchanged', async () => {
    const { trip, ana, bea, guest, link } = await tripWithGuest();
    const g = guest.user_id;
    // The guest paid a dinner for three, shares in Ana's taxi, and owes through a paid and a pending settlement.
    await adapter.store.ledger.createExpense(
      trip.id,
      groupExpense(
        [
          { user_id: g, share_minor: 1001 },
          { user_id: ana.id, share_minor: 1000 },
          { user_id: bea.id, share_minor: 1000 },
        ],
        { created_by: ana.id },
      ),
    );
    await adapter.store.ledger.createExpense(
      trip.id,
      groupExpense([
        { user_id: ana.id, share_minor: 1500 },
        { user_id: g, share_minor: 1500 },
      ]),
    );
    const members = (await adapter.store.members.list(trip.id)).map((m) => m.user_id);
    const plan = (ids: string[]) => (ledger: LedgerState) => settle(balancesOf(ids, ledger)).transfers;
    const { settlements } = await adapter.store.ledger.recalculateSettlements(trip.id, plan(members), ana.id);
    expect(settlements.length).toBeGreaterThan(0);
    await adapter.store.ledger.markSettlementPaid(settlements[0]!.id, soon(0), undefined, bea.id);
    const before = await balances(trip.id);
    const versionBefore = (await adapter.store.ledger.ledgerState(trip.id)).ledger_version;

    const joe = await adapter.store.users.create(newUser({ first_name: 'Joe', last_name: 'Ng' }));
    const l = link();
    await adapter.store.guests.createClaimLink(l);
    const claimed = await adapter.store.guests.claim(l.token_hash, joe.id, soon(0.01));
    expect(claimed).toMatchObject({
      outcome: 'claimed',
      guest_id: g,
      member: { trip_id: trip.id, user_id: joe.id, role: 'participant', first_name: 'Joe', is_guest: false },
    });

    const after = await balances(trip.id);
    expect(after).toEqual({
      ...Object.fromEntries(Object.entries(before).filter(([id]) => id !== g)),
      [joe.id]: before[g],
    });
    expect((await adapter.store.ledger.ledgerState(trip.id)).ledger_version).toBeGreaterThan(versionBefore);
    expect((await adapter.store.members.list(trip.id)).map((m) => m.user_id).sort()).toEqual(
      [ana.id, bea.id, joe.id].sort(),
    );
    await expect(adapter.store.members.roleOf(trip.id, g)).resolves.toBeNull();
    await expect(adapter.store.users.findById(g)).resolves.toBeNull();

    // Nothing names the guest any more: expenses, shares, settlements, history.
    const everything = JSON.stringify([
      await adapter.store.ledger.listExpenses(trip.id),
      await adapter.store.ledger.listSettlements(trip.id),
      await adapter.store.activity.listAll(trip.id),
      (await adapter.store.ledger.ledgerState(trip.id)).totals,
    ]);
    expect(everything).not.toContain(g);
    expect(everything).toContain(joe.id);
    const paid = (await adapter.store.ledger.listSettlements(trip.id)).find((s) => s.settled_at !== null);
    expect(paid).toBeDefined();
    await expect(adapter.store.ledger.shareTotal(trip.id, joe.id)).resolves.toBe(2501);

    // Used up: the same link again, by anyone, says so.
    const dan = await adapter.store.users.create(newUser({ first_name: 'Dan' }));
    await expect(adapter.store.guests.claim(l.token_hash, dan.id, soon(0.02))).resolves.toEqual({
      outcome: 'used',
    });
  });

  it('refuses a claimer already in the trip or named by its ledger, and an expired link; nothing changes', async () => {
    const { trip, ana, bea, guest, link } = await tripWithGuest();
    const l = link();
    await adapter.store.guests.createClaimLink(l);
    await expect(adapter.store.guests.claim(l.token_hash, bea.id, soon(0.01))).resolves.toEqual({
      outcome: 'already-in-trip',
    });
    // Cai was in the ledger and left: claiming would merge two people.
    const cai = await adapter.store.users.create(newUser({ first_name: 'Cai' }));
    await adapter.store.members.add(trip.id, cai.id);
    await adapter.store.ledger.createExpense(
      trip.id,
      groupExpense([
        { user_id: cai.id, share_minor: 500 },
        { user_id: ana.id, share_minor: 500 },
      ]),
    );
    await adapter.store.members.leave(trip.id, cai.id);
    await expect(adapter.store.guests.claim(l.token_hash, cai.id, soon(0.02))).resolves.toEqual({
      outcome: 'already-in-trip',
    });
    await expect(adapter.store.members.roleOf(trip.id, guest.user_id)).resolves.toBe('participant');

    const old = link({ created_at: soon(-31), expires_at: soon(-1) });
    await adapter.store.guests.createClaimLink(old);
    const dan = await adapter.store.users.create(newUser({ first_name: 'Dan' }));
    await expect(adapter.store.guests.claim(old.token_hash, dan.id, soon(0))).resolves.toEqual({
      outcome: 'expired',
    });
    await expect(adapter.store.members.roleOf(trip.id, guest.user_id)).resolves.toBe('participant');
  });

  it("never changes anyone's balance by a minor unit when a guest is claimed, whatever the ledger (property)", async () => {
    // Expenses among two members and a guest: who paid (0–2), each one's share in minor units, and which of the
    // planned transfers were paid before the claim.
    const expense = fc.record({
      payer: fc.integer({ min: 0, max: 2 }),
      shares: fc
        .tuple(fc.nat(5000), fc.nat(5000), fc.nat(5000))
        .filter((shares) => shares.some((x) => x > 0)),
    });
    await fc.assert(
      fc.asyncProperty(
        fc.array(expense, { minLength: 1, maxLength: 4 }),
        fc.boolean(),
        async (expenses, payOne) => {
          const { trip, ana, bea, guest, link } = await tripWithGuest();
          const ids = [ana.id, bea.id, guest.user_id];
          for (const { payer, shares } of expenses) {
            const named = shares
              .map((share_minor, i) => ({ user_id: ids[i]!, share_minor }))
              .filter((share) => share.share_minor > 0);
            const payerShare = named.find((share) => share.user_id === ids[payer]);
            const others = named.filter((share) => share !== payerShare);
            const ordered = [payerShare ?? { user_id: ids[payer]!, share_minor: 0 }, ...others];
            await adapter.store.ledger.createExpense(trip.id, groupExpense(ordered as [(typeof ordered)[0]]));
          }
          if (payOne) {
            const plan = (ledger: LedgerState) => settle(balancesOf(ids, ledger)).transfers;
            const { settlements } = await adapter.store.ledger.recalculateSettlements(trip.id, plan, ana.id);
            if (settlements[0]) await adapter.store.ledger.markSettlementPaid(settlements[0].id, soon(0));
          }
          const before = await balances(trip.id);
          const claimer = await adapter.store.users.create(newUser({ first_name: 'Joe' }));
          const l = link();
          await adapter.store.guests.createClaimLink(l);
          await expect(
            adapter.store.guests.claim(l.token_hash, claimer.id, soon(0.01)),
          ).resolves.toMatchObject({
            outcome: 'claimed',
          });
          expect(await balances(trip.id)).toEqual({
            [ana.id]: before[ana.id],
            [bea.id]: before[bea.id],
            [claimer.id]: before[guest.user_id],
          });
        },
      ),
      { numRuns: 12 },
    );
  });
});
