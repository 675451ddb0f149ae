import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { cacheFigures } from '../../cache-budgets';
import { newUser } from '../../../test-support/store-adapters';
import { openSqliteStore } from './sqlite-store';
import { USERS_CACHE_BYTES } from './users';

const dirs: string[] = [];
afterEach(() => dirs.splice(0).forEach((dir) => fs.rmSync(dir, { recursive: true, force: true })));

describe('the users remembered by id', () => {
  it('stay within their budget in bytes, and a user let go is read again from the database', async () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'wayfare-users-cache-'));
    dirs.push(dir);
    const store = openSqliteStore(path.join(dir, 'wayfare.db'));
    try {
      // 300 users of ~20 kB each (a long name) are some 6 MB: more than the budget.
      const ids: string[] = [];
      for (let i = 0; i < 300; i += 1) {
        const user = await store.users.create(
          newUser({ username: `cached${i}`, first_name: 'N'.repeat(10_000) }),
        );
        ids.push(user.id);
      }
      for (const id of ids) expect((await store.users.findById(id))?.id).toBe(id);
      const figure = cacheFigures().find((cache) => cache.name === 'users');
      expect(figure?.budget_bytes).toBe(USERS_CACHE_BYTES);
      expect(figure!.bytes).toBeGreaterThan(USERS_CACHE_BYTES / 2);
      expect(figure!.bytes).toBeLessThanOrEqual(USERS_CACHE_BYTES);
      expect(figure!.entries).toBeLessThan(ids.length);
      // The first ones left the cache; they are still found, as stored.
      const first = await store.users.findById(ids[0]!);
      expect(first).toMatchObject({ id: ids[0], username: 'cached0', first_name: 'N'.repeat(10_000) });
    } finally {
      await store.close();
    }
  });
});
