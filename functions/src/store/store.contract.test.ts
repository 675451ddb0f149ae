import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openSqliteStore } from './embedded/sqlite-store';
import { createFirestoreStore } from './firestore/firestore-store';
import { officialEmulatorOnlyReason, startTestFirestore } from './firestore/test-firestore';
import { UniqueConstraintError, type NewUser, type Store } from './types';

interface AdapterUnderTest {
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
    if (!firestore.official) console.info(`[store contract] firestore: concurrency cases not run here: ${officialEmulatorOnlyReason}`);
    return { store: createFirestoreStore(firestore.db), detectsConflicts: firestore.official, dispose: firestore.stop };
  },
};

const newUser = (overrides: Partial<NewUser> = {}): NewUser => {
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

describe.each(Object.entries(adapters))('store contract: %s', (_name, open) => {
  let adapter: AdapterUnderTest;
  let store: Store;
  beforeAll(async () => {
    adapter = await open();
    store = adapter.store;
  });
  afterAll(() => adapter.dispose());

  it('answers ping once ready', async () => {
    await expect(store.ping()).resolves.toBeUndefined();
  });

  it('creates a user with an id and creation time, and finds it by id, email and username', async () => {
    const input = newUser();
    const created = await store.users.create(input);
    expect(created).toMatchObject(input);
    expect(created.id).toMatch(/\S+/);
    expect(Number.isNaN(Date.parse(created.created_at))).toBe(false);
    await expect(store.users.findById(created.id)).resolves.toEqual(created);
    await expect(store.users.findByEmail(input.email.toUpperCase())).resolves.toEqual(created);
    await expect(store.users.findByUsername(input.username.toUpperCase())).resolves.toEqual(created);
  });

  it('answers null for unknown users', async () => {
    await expect(store.users.findById(randomUUID())).resolves.toBeNull();
    await expect(store.users.findByEmail('nobody@example.com')).resolves.toBeNull();
    await expect(store.users.findByUsername('nobody_at_all')).resolves.toBeNull();
  });

  it('rejects a username or email already taken, case-insensitively, and writes nothing', async () => {
    const first = await store.users.create(newUser({ username: `Émile_${randomUUID().slice(0, 6)}` }));
    await expect(store.users.create(newUser({ username: first.username.toLocaleUpperCase() }))).rejects.toEqual(
      new UniqueConstraintError('username'),
    );
    const sameEmail = newUser({ email: first.email.toUpperCase() });
    await expect(store.users.create(sameEmail)).rejects.toEqual(new UniqueConstraintError('email'));
    // The rejected user's own username was not claimed by the failed write.
    await expect(store.users.findByUsername(sameEmail.username)).resolves.toBeNull();
    await expect(store.users.create(newUser({ username: sameEmail.username }))).resolves.toBeTruthy();
  });

  it('accepts usernames that look like reserved document ids', async () => {
    const created = await store.users.create(newUser({ username: `__${randomUUID().slice(0, 6)}__` }));
    await expect(store.users.findByUsername(created.username)).resolves.toEqual(created);
  });

  it('lets exactly one of two concurrent sign-ups with the same email win', async (ctx) => {
    if (!adapter.detectsConflicts) ctx.skip(officialEmulatorOnlyReason);
    const email = newUser().email;
    const results = await Promise.allSettled([store.users.create(newUser({ email })), store.users.create(newUser({ email }))]);
    expect(results.filter((r) => r.status === 'fulfilled')).toHaveLength(1);
    const rejected = results.find((r) => r.status === 'rejected');
    expect(rejected?.status === 'rejected' && rejected.reason).toBeInstanceOf(UniqueConstraintError);
  });
});
