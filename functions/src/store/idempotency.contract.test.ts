import { randomUUID } from 'node:crypto';
import { expect, it } from 'vitest';
import { describeStoreContract, officialEmulatorOnlyReason } from '../../test-support/store-adapters';

const at = (iso: string) => new Date(iso);
const NOW = at('2027-04-10T12:00:00Z');
const LEASE = at('2027-04-10T12:02:00Z');
const WEEK = at('2027-04-17T12:00:00Z');

describeStoreContract('store contract, idempotency keys', (adapter) => {
  const keys = () => adapter.store.idempotency;

  it('claims a free key once; a repeat sees the claim, then the kept answer', async () => {
    const [user, key] = [randomUUID(), randomUUID()];
    await expect(keys().claim(user, key, 'POST /api/x', 'fingerprint-1', NOW, LEASE)).resolves.toEqual({
      state: 'claimed',
    });
    await expect(keys().claim(user, key, 'POST /api/x', 'fingerprint-1', NOW, LEASE)).resolves.toEqual({
      state: 'taken',
      request: 'POST /api/x',
      payload: 'fingerprint-1',
      answer: null,
    });
    const answer = { status: 201, body: { expense: { id: 'e1', shares: [[1, 2]], title: 'Café' } } };
    await keys().complete(user, key, answer, WEEK);
    await expect(
      keys().claim(user, key, 'POST /api/x', 'fingerprint-1', at('2027-04-16T00:00:00Z'), LEASE),
    ).resolves.toEqual({
      state: 'taken',
      request: 'POST /api/x',
      payload: 'fingerprint-1',
      answer,
    });
  });

  it('keeps keys per user, frees a released key, and treats an expired one as free', async () => {
    const key = randomUUID();
    const [ana, bea] = [randomUUID(), randomUUID()];
    await keys().claim(ana, key, 'POST /api/x', 'fingerprint-1', NOW, LEASE);
    await expect(keys().claim(bea, key, 'POST /api/y', 'fingerprint-1', NOW, LEASE)).resolves.toEqual({
      state: 'claimed',
    });
    await keys().release(ana, key);
    await expect(keys().claim(ana, key, 'POST /api/z', 'fingerprint-1', NOW, LEASE)).resolves.toEqual({
      state: 'claimed',
    });
    // A lease that ran out (a crashed request) may be taken over.
    await expect(
      keys().claim(ana, key, 'POST /api/z', 'fingerprint-1', at('2027-04-10T12:03:00Z'), WEEK),
    ).resolves.toEqual({
      state: 'claimed',
    });
    await keys().complete(bea, key, { status: 204, body: undefined }, WEEK);
    await expect(
      keys().claim(bea, key, 'POST /api/y', 'fingerprint-1', at('2027-04-18T00:00:00Z'), WEEK),
    ).resolves.toEqual({
      state: 'claimed',
    });
  });

  it('keeps the fingerprint of the body it was claimed with, or none (a streamed body)', async () => {
    const [user, key, streamed] = [randomUUID(), randomUUID(), randomUUID()];
    await keys().claim(user, key, 'POST /api/x', 'fingerprint-1', NOW, LEASE);
    // Claiming again with another body changes nothing: the kept record answers.
    await expect(keys().claim(user, key, 'POST /api/x', 'fingerprint-2', NOW, LEASE)).resolves.toMatchObject({
      state: 'taken',
      payload: 'fingerprint-1',
    });
    await keys().claim(user, streamed, 'PUT /api/y', null, NOW, LEASE);
    await expect(keys().claim(user, streamed, 'PUT /api/y', null, NOW, LEASE)).resolves.toEqual({
      state: 'taken',
      request: 'PUT /api/y',
      payload: null,
      answer: null,
    });
  });

  it('lets exactly one of many concurrent claims of a key win', async (ctx) => {
    if (!adapter.detectsConflicts) ctx.skip(officialEmulatorOnlyReason);
    const [user, key] = [randomUUID(), randomUUID()];
    const results = await Promise.all(
      Array.from({ length: 8 }, () => keys().claim(user, key, 'POST /api/x', 'fingerprint-1', NOW, LEASE)),
    );
    expect(results.filter((r) => r.state === 'claimed')).toHaveLength(1);
  });
});
