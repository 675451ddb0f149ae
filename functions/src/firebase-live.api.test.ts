import { deleteApp, initializeApp } from 'firebase/app';
import { connectAuthEmulator, getAuth, signInWithCustomToken } from 'firebase/auth';
import {
  collection,
  connectFirestoreEmulator,
  getFirestore,
  onSnapshot,
  terminate,
} from 'firebase/firestore';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { addDays, toIsoDate } from '@wayfare/contract';
import { newTrip } from '../test-support/store-adapters';
import { ledgerNoticesPath } from './store/firestore/ledger-notice';
import { startTestApi, targetsEmulatorSuite, type TestApi } from '../test-support/api-server';
import { signedInUser } from '../test-support/trip-members';

// Firebase mode's live path end to end, inside the emulator suite: the web app's Firebase JS SDK (in Node) signs in
// on the Auth emulator with the custom token the API mints, listens to the trip's ledger notices on Firestore, and
// hears another member's expense. Only the emulators project has an Auth emulator to sign in to.
describe.runIf(targetsEmulatorSuite)('firebase live ledger through the emulators', () => {
  let api: TestApi;
  beforeAll(async () => {
    api = await startTestApi();
  });
  afterAll(() => api?.close());

  it("delivers another member's POST expense to a signed-in listener within a second", async () => {
    const [ana, bea] = await Promise.all([signedInUser(api), signedInUser(api)]);
    const start = addDays(toIsoDate(new Date()), 5);
    const trip = await api.store.trips.create(
      ana.user.id,
      newTrip({ start_date: start, end_date: addDays(start, 2) }),
    );
    await api.store.members.add(trip.id, bea.user.id);

    const minted = await api.call('POST', '/api/trip-split/live-token', { token: ana.token });
    expect(minted.status).toBe(200);
    const client = initializeApp({ projectId: 'demo-wayfare', apiKey: 'demo-api-key' }, `live-${trip.id}`);
    const auth = getAuth(client);
    connectAuthEmulator(auth, `http://${process.env.FIREBASE_AUTH_EMULATOR_HOST}`, { disableWarnings: true });
    const signedIn = await signInWithCustomToken(auth, minted.body.firebaseToken);
    expect(signedIn.user.uid).toBe(ana.user.id);

    const db = getFirestore(client);
    const [host, port] = (process.env.FIRESTORE_EMULATOR_HOST as string).split(':');
    connectFirestoreEmulator(db, host as string, Number(port));
    // What the web's listener watches: the sum of the notice documents' versions, which every change moves by one.
    const versions: number[] = [];
    const unsubscribe = onSnapshot(collection(db, ledgerNoticesPath(trip.id)), (snapshot) =>
      versions.push(snapshot.docs.reduce((sum, notice) => sum + Number(notice.get('version') ?? 0), 0)),
    );
    try {
      // The listener's first snapshot (connected and signed in) is not what is timed: the change after the POST is.
      await vi.waitFor(() => expect(versions.length).toBeGreaterThan(0), { timeout: 30_000, interval: 50 });
      const before = versions.at(-1) ?? 0;
      const expense = await api.call('POST', `/api/trip-split/trips/${trip.id}/expenses`, {
        token: bea.token,
        body: {
          title: 'Tea',
          amount: '12',
          expense_date: start,
          category: 'food',
          paid_by: bea.user.id,
          expense_type: 'group',
        },
      });
      expect(expense.status).toBe(201);
      await vi.waitFor(() => expect(versions.at(-1)).toBe(before + 1), { timeout: 1000, interval: 20 });
    } finally {
      unsubscribe();
      await terminate(db);
      await deleteApp(client);
    }
  });
});
