import { assertFails, assertSucceeds } from '@firebase/rules-unit-testing';
import { describe, expect, it } from 'vitest';
import {
  officialEmulator,
  reportRulesNotRun,
  rulesTestEnvironment,
} from '../../../test-support/rules-test-env';

// The live ledger's listeners in firebase mode, against firestore.rules. Rules are evaluated only by the official
// emulator (Java 21); without one these cases are reported as skipped, never as passed.
reportRulesNotRun('live-ledger rules tests');

describe.runIf(officialEmulator)('firestore.rules for the live ledger (official emulator)', () => {
  const env = rulesTestEnvironment('demo-wayfare-split-rules', async (db) => {
    await db.doc('trips/t1').set({ trip_name: 'Lisbon', member_ids: ['ana', 'bea'] });
    await db.doc('trips/t1/members/ana').set({ role: 'owner' });
    await db.doc('trips/t1/members/bea').set({ role: 'participant' });
    await db.doc('trips/t1/expenses/t1~e1').set({ amount_minor: 9000, paid_by: 'ana' });
    await db.doc('trips/t1/settlements/t1~s1').set({ amount_minor: 4500, settled_at: null });
    await db
      .doc('trips/t1/ledger_notices/2')
      .set({ version: 3, kind: 'expense.created', at: '2027-04-12T00:00:00Z' });
    await db
      .doc('trips/t1/ledger_notices/5')
      .set({ version: 1, kind: 'settlement.paid', at: '2027-04-12T00:00:00Z' });
    await db
      .doc('trips/t1/ledger_shards/2')
      .set({ expense_count: 1, total_expenses_minor: 9000, version: 1 });
    await db.doc('trips/t1/live/home_currency').set({ home_currency: 'EUR' });
    // A guest of t1 (a user record with guest_trip_id, a member like any other): a guest session's custom token
    // names it as the uid. t2 is another trip, which it is not in.
    await db.doc('users/guest-joe').set({ first_name: 'Joe', guest_trip_id: 't1' });
    await db.doc('trips/t1/members/guest-joe').set({ role: 'participant' });
    await db.doc('trips/t2').set({ trip_name: 'Porto', member_ids: ['ana'] });
    await db.doc('trips/t2/members/ana').set({ role: 'owner' });
    await db
      .doc('trips/t2/ledger_notices/1')
      .set({ version: 1, kind: 'expense.created', at: '2027-04-12T00:00:00Z' });
  });

  it("lets a guest session's uid read its own trip's ledger notices and not another trip's", async () => {
    const db = env().authenticatedContext('guest-joe').firestore();
    await assertSucceeds(db.doc('trips/t1/ledger_notices/2').get());
    await assertSucceeds(db.collection('trips/t1/ledger_notices').get());
    await assertFails(db.doc('trips/t2/ledger_notices/1').get());
    await assertFails(db.collection('trips/t2/ledger_notices').get());
    await assertFails(db.collection('trips/t1/expenses').get());
  });

  it("lets every member read and list the trip's ledger notices, and nothing else of the ledger", async () => {
    for (const uid of ['ana', 'bea']) {
      const db = env().authenticatedContext(uid).firestore();
      await assertSucceeds(db.doc('trips/t1/ledger_notices/2').get());
      const notices = await assertSucceeds(db.collection('trips/t1/ledger_notices').get());
      expect(notices.docs.map((doc) => [doc.id, doc.get('version')])).toEqual([
        ['2', 3],
        ['5', 1],
      ]);
      await assertFails(db.collection('trips/t1/ledger_shards').get());
      await assertFails(db.doc('trips/t1/ledger_shards/2').get());
      await assertFails(db.doc('trips/t1/live/home_currency').get());
      await assertFails(db.collection('trips/t1/live').get());
      await assertFails(db.collection('trips/t1/expenses').get());
      await assertFails(db.collection('trips/t1/settlements').get());
      await assertFails(db.doc('trips/t1').get());
    }
  });

  it('refuses strangers, signed-out visitors and a participant once removed', async () => {
    const strangers = [env().authenticatedContext('zed'), env().unauthenticatedContext()];
    for (const context of strangers) {
      await assertFails(context.firestore().doc('trips/t1/ledger_notices/2').get());
      await assertFails(context.firestore().collection('trips/t1/ledger_notices').get());
    }
    await env().withSecurityRulesDisabled((ctx) => ctx.firestore().doc('trips/t1/members/bea').delete());
    await assertFails(env().authenticatedContext('bea').firestore().doc('trips/t1/ledger_notices/2').get());
    await assertFails(
      env().authenticatedContext('bea').firestore().collection('trips/t1/ledger_notices').get(),
    );
  });

  it('denies every client write: the ledger and its notice change only through the API', async () => {
    const db = env().authenticatedContext('ana').firestore();
    await assertFails(db.doc('trips/t1/ledger_notices/2').set({ version: 99 }));
    await assertFails(db.doc('trips/t1/ledger_notices/7').set({ version: 1 }));
    await assertFails(db.doc('trips/t1/ledger_shards/2').set({ expense_count: 0 }));
    await assertFails(db.doc('trips/t1/expenses/t1~e2').set({ amount_minor: 1 }));
    await assertFails(
      db.doc('trips/t1/settlements/t1~s1').update({ settled_at: '2027-04-12T00:00:00.000Z' }),
    );
  });
});
