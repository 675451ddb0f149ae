import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe } from 'vitest';
import { openSqliteStore } from '../src/store/embedded/sqlite-store';
import { createFirestoreStore } from '../src/store/firestore/firestore-store';
import { officialEmulatorOnlyReason, startTestFirestore } from './test-firestore';
import type {
  ClaimOutcome,
  NewExpense,
  NewTrip,
  NewUser,
  Store,
  TripRecord,
  UserRecord,
} from '../src/store/types';

/** One adapter under test, for the contract suites every adapter must pass. */
export interface AdapterUnderTest {
  store: Store;
  /** Whether concurrent writers are serialised for real (the Node.js Firestore emulator does not detect conflicts). */
  detectsConflicts: boolean;
  dispose(): Promise<void>;
}

const adapters: Record<string, () => Promise<AdapterUnderTest>> = {
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

/**
 * Every adapter; in the emulators project (WAYFARE_API_TARGET), which runs the contract suites with races for the
 * official Firestore emulator, the Firestore adapter alone (unit+api runs them all).
 */
export const storeAdapters = Object.fromEntries(
  Object.entries(adapters).filter(([name]) => !process.env.WAYFARE_API_TARGET || name === 'firestore'),
);

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

/**
 * A contract suite, run once per adapter (`title: adapter name`): `body` declares its tests against the adapter,
 * opened before them and disposed of after.
 */
export function describeStoreContract(title: string, body: (adapter: AdapterUnderTestHandle) => void) {
  describe.each(Object.entries(storeAdapters))(`${title}: %s`, (_name, open) => body(adapterUnderTest(open)));
}
export type AdapterUnderTestHandle = ReturnType<typeof adapterUnderTest>;

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

/** A trip of the people named (first names): the first creates it, the others are its members. */
export async function tripOfPeople<Names extends [string, ...string[]]>(
  store: Store,
  firstNames: [...Names],
): Promise<{ trip: TripRecord; people: { [K in keyof Names]: UserRecord } }> {
  const people: UserRecord[] = [];
  for (const first_name of firstNames) people.push(await store.users.create(newUser({ first_name })));
  const [owner, ...others] = people as [UserRecord, ...UserRecord[]];
  const trip = await store.trips.create(owner.id, newTrip());
  for (const member of others) await store.members.add(trip.id, member.id);
  return { trip, people: people as { [K in keyof Names]: UserRecord } };
}

/** `paid_by` paid `amount_minor` that is wholly one person's share (`owes`, the payer unless given). */
export function personalExpense({
  paid_by,
  amount_minor,
  owes = paid_by,
  ...rest
}: Pick<NewExpense, 'paid_by' | 'amount_minor'> & { owes?: string } & Partial<NewExpense>): NewExpense {
  return {
    title: 'Dinner',
    description: '',
    expense_date: '2027-04-11',
    category: 'food',
    expense_type: 'personal',
    paid_by,
    amount_minor,
    shares: [{ user_id: owes, share_minor: amount_minor }],
    split: { method: 'personal', people: [{ user_id: owes, weight: null }] },
    created_by: paid_by,
    ...rest,
  };
}

/**
 * A group dinner split equally as stored: `shares` (the first is the payer, who wrote it) and an amount that is
 * their sum.
 */
export function groupExpense(
  shares: [NewExpense['shares'][number], ...NewExpense['shares']],
  overrides: Partial<NewExpense> = {},
): NewExpense {
  const [{ user_id: payer }] = shares;
  return {
    title: 'Dinner',
    description: '',
    amount_minor: shares.reduce((sum, share) => sum + share.share_minor, 0),
    expense_date: '2027-04-11',
    category: 'food',
    expense_type: 'group',
    paid_by: payer,
    shares,
    split: { method: 'equal', people: shares.map((share) => ({ user_id: share.user_id, weight: null })) },
    created_by: payer,
    ...overrides,
  };
}

/**
 * A new account (first name Sam) claims the guest through a live claim link `createdBy` made: the claimer and the
 * claim's outcome.
 */
export async function claimByNewAccount(
  store: Store,
  tripId: string,
  guestId: string,
  createdBy: string,
): Promise<{ claimer: UserRecord; outcome: ClaimOutcome }> {
  const now = new Date().toISOString();
  const token_hash = randomUUID().replaceAll('-', '');
  await store.guests.createClaimLink({
    token_hash,
    trip_id: tripId,
    guest_id: guestId,
    created_by: createdBy,
    created_at: now,
    expires_at: new Date(Date.now() + 86_400_000).toISOString(),
  });
  const claimer = await store.users.create(newUser({ first_name: 'Sam' }));
  return { claimer, outcome: await store.guests.claim(token_hash, claimer.id, now) };
}
