import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll } from 'vitest';
import { openSqliteStore } from './embedded/sqlite-store';
import { createFirestoreStore } from './firestore/firestore-store';
import { officialEmulatorOnlyReason, startTestFirestore } from './firestore/test-firestore';
import type { NewTrip, NewUser, Store } from './types';

/** One adapter under test, for the contract suites every adapter must pass. */
export interface AdapterUnderTest {
  store: Store;
  /** Whether concurrent writers are serialised for real (the Node.js Firestore emulator does not detect conflicts). */
  detectsConflicts: boolean;
  dispose(): Promise<void>;
}

export const storeAdapters: Record<string, () => Promise<AdapterUnderTest>> = {
  'embedded (SQLite)': async () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'wayfare-store-'));
    const store = openSqliteStore(path.join(dir, 'wayfare.db'));
    return {
      store,
      detectsConflicts: true,
      async dispose() {
        await store.close();
        fs.rmSync(dir, { recursive: true, force: true });
      },
    };
  },
  firestore: async () => {
    const firestore = await startTestFirestore();
    if (!firestore.official) {
      console.info(
        `[store contract] firestore: concurrency cases not run here: ${officialEmulatorOnlyReason}`,
      );
    }
    return {
      store: createFirestoreStore(firestore.db),
      detectsConflicts: firestore.official,
      dispose: firestore.stop,
    };
  },
};

export { officialEmulatorOnlyReason };

/** Opens the adapter before a describe block's tests and disposes of it after them. */
export function adapterUnderTest(open: () => Promise<AdapterUnderTest>) {
  let adapter: AdapterUnderTest | undefined;
  beforeAll(async () => {
    adapter = await open();
  });
  afterAll(() => adapter?.dispose());
  const opened = () => {
    if (!adapter) throw new Error('the adapter opens in beforeAll');
    return adapter;
  };
  return {
    get store(): Store {
      return opened().store;
    },
    get detectsConflicts(): boolean {
      return opened().detectsConflicts;
    },
  };
}

export const newUser = (overrides: Partial<NewUser> = {}): NewUser => {
  const tag = randomUUID().slice(0, 8);
  return {
    username: `traveller_${tag}`,
    email: `traveller.${tag}@example.com`,
    first_name: 'Ana',
    last_name: 'Silva',
    password_hash: 'scrypt$test',
    ...overrides,
  };
};

export const newTrip = (overrides: Partial<NewTrip> = {}): NewTrip => ({
  trip_name: 'Lisbon in spring',
  description: 'Tiles, tram 28 and pastéis',
  city_name: 'Lisbon',
  start_date: '2027-04-10',
  end_date: '2027-04-14',
  number_of_people: 1,
  budget_range: 'Moderate',
  image_path: null,
  latitude: 38.7223,
  longitude: -9.1393,
  guide_status: 'ready',
  recommendations: '{"itinerary":{}}',
  recommendations_provider: 'offline',
  attractions: [
    { key: 'a1', name: 'Belém Tower', location: { lat: 38.6916, lng: -9.216 }, kind: 'landmark' },
  ],
  preferences: { destination: 'Lisbon', interests: ['Food & Dining'] },
  ...overrides,
});
