import http from 'node:http';
import { revalidate } from '../../test-support/revalidate';
import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { addDays, toIsoDate } from '@wayfare/contract';
import { startTestApi, targetsEmulatorSuite, type TestApi } from '../../test-support/api-server';
import { tripWithMembers } from '../../test-support/trip-members';

/** The expense list's cached pages never go stale, and each caller sees their own share. */
describe('expense pages over HTTP', () => {
  let api: TestApi;
  beforeAll(async () => {
    api = await startTestApi();
  });
  afterAll(() => api.close());

  it('shows every edit and delete at once, with each caller their own share, and revalidates by ETag', async () => {
    const day = addDays(toIsoDate(new Date()), 2);
    const { trip, owner, participant } = await tripWithMembers(api);
    const path = `/api/trip-split/trips/${trip.id}/expenses`;
    const list = (token: string) => api.call('GET', path, { token });
    const created = await api.call('POST', `/api/trip-split/trips/${trip.id}/expenses`, {
      token: owner.token,
      body: {
        title: 'Ferry',
        amount: '10.01',
        expense_date: day,
        paid_by: owner.user.id,
        expense_type: 'group',
      },
    });
    expect(created.status).toBe(201);

    const first = await list(owner.token);
    expect(first.body).toMatchObject({ expense_count: 1, total_expenses_cents: 1001, your_share_cents: 500 });
    expect((await list(participant.token)).body.your_share_cents).toBe(501);
    const etag = first.headers.get('etag') as string;
    // Hosting answers conditional requests itself and does not forward If-None-Match to the function.
    if (!targetsEmulatorSuite) expect(await revalidate(`${api.baseUrl}${path}`, owner.token, etag)).toBe(304);

    const edit = await api.call('PUT', `/api/trip-split/expenses/${created.body.expense.id}`, {
      token: owner.token,
      body: {
        title: 'Night ferry',
        amount: '10.01',
        expense_date: day,
        paid_by: owner.user.id,
        expense_type: 'group',
      },
    });
    expect(edit.status).toBe(200);
    if (!targetsEmulatorSuite) expect(await revalidate(`${api.baseUrl}${path}`, owner.token, etag)).toBe(200);
    const afterEdit = await list(owner.token);
    expect(afterEdit.body.expenses.map((e: { title: string }) => e.title)).toEqual(['Night ferry']);

    await api.call('DELETE', `/api/trip-split/expenses/${created.body.expense.id}`, { token: owner.token });
    expect((await list(participant.token)).body).toMatchObject({
      expenses: [],
      expense_count: 0,
      your_share_cents: 0,
    });
  });

  it('answers brotli and gzip from its cache of compressed pages, the same JSON as uncompressed', async () => {
    const { trip, owner } = await tripWithMembers(api);
    const path = `/api/trip-split/trips/${trip.id}/expenses`;
    await api.call('POST', path, {
      token: owner.token,
      body: {
        title: 'Tram',
        amount: '3.10',
        expense_date: addDays(toIsoDate(new Date()), 1),
        paid_by: owner.user.id,
        expense_type: 'group',
      },
    });
    /** A raw GET through node:http, which (unlike fetch) leaves the body as sent. */
    const raw = (encoding: string) =>
      new Promise<{ coding: string | undefined; vary: string | undefined; body: Buffer }>((resolve, reject) =>
        http
          .get(
            `${api.baseUrl}${path}`,
            { headers: { authorization: `Bearer ${owner.token}`, 'accept-encoding': encoding } },
            (res) => {
              const chunks: Buffer[] = [];
              res.on('data', (chunk: Buffer) => chunks.push(chunk));
              res.on('end', () =>
                resolve({
                  coding: res.headers['content-encoding'],
                  vary: res.headers.vary,
                  body: Buffer.concat(chunks),
                }),
              );
            },
          )
          .on('error', reject),
      );
    const plain = await raw('identity');
    expect(plain.coding).toBeUndefined();
    const br = await raw('gzip, deflate, br');
    const gzip = await raw('gzip');
    expect([br.coding, gzip.coding]).toEqual(['br', 'gzip']);
    expect(br.vary).toMatch(/Accept-Encoding/i);
    expect(brotliDecompressSync(br.body).toString()).toBe(plain.body.toString());
    expect(gunzipSync(gzip.body).toString()).toBe(plain.body.toString());
    expect(JSON.parse(plain.body.toString())).toMatchObject({ expense_count: 1 });
  });
});
