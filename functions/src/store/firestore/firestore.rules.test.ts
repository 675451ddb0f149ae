import { assertFails } from '@firebase/rules-unit-testing';
import { describe, it } from 'vitest';
import {
  officialEmulator,
  reportRulesNotRun,
  rulesTestEnvironment,
} from '../../../test-support/rules-test-env';

// Rules are evaluated only by the official emulator; the Node.js emulator used elsewhere ignores them.
reportRulesNotRun('firestore.rules tests');

describe.runIf(officialEmulator)('firestore.rules (official emulator)', () => {
  const env = rulesTestEnvironment('demo-wayfare-rules', async (db) => {
    await db.doc('trips/t1').set({ trip_name: 'Lisbon' });
    await db.doc('trips/t1/members/alice').set({ role: 'owner' });
    await db.doc('trips/t1/expenses/e1').set({ amount_minor: 1200 });
    await db.doc('users/alice').set({ email: 'alice@example.com' });
  });

  it('keeps the trip document itself closed to members: they read it through the API', async () => {
    await assertFails(env().authenticatedContext('alice').firestore().doc('trips/t1').get());
  });

  it('hides the trip from strangers and signed-out visitors', async () => {
    await assertFails(env().authenticatedContext('mallory').firestore().doc('trips/t1/expenses/e1').get());
    await assertFails(env().unauthenticatedContext().firestore().doc('trips/t1').get());
  });

  it('denies every client write, even by members', async () => {
    const db = env().authenticatedContext('alice').firestore();
    await assertFails(db.doc('trips/t1/expenses/e2').set({ amount_minor: 1 }));
    await assertFails(db.doc('trips/t1').update({ trip_name: 'Hacked' }));
  });

  it('closes user records to clients', async () => {
    await assertFails(env().authenticatedContext('alice').firestore().doc('users/alice').get());
  });
});
