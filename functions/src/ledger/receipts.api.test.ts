import fs from 'node:fs';
import path from 'node:path';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  addDays,
  NO_RECEIPT_FILE,
  RECEIPT_MAX_BYTES,
  toIsoDate,
  UNSUPPORTED_RECEIPT,
  type Expense,
} from '@wayfare/contract';
import { sweepOrphanUploads } from '../files/orphan-sweep';
import { startTestApi, targetsEmulatorSuite, type TestApi } from '../../test-support/api-server';
import { tripWithMembers } from '../../test-support/trip-members';

const start = addDays(toIsoDate(new Date()), 5);
/** A minimal PDF: what matters is its bytes, which say PDF whatever the file is called. */
const PDF = Buffer.from('%PDF-1.4\n1 0 obj <<>> endobj\ntrailer <<>>\n%%EOF\n');
/** The start of a Windows executable. */
const EXE = Buffer.concat([Buffer.from('MZ'), Buffer.alloc(62), Buffer.from('PE\0\0'), Buffer.alloc(200)]);

/** A real photo: a 640×480 JPEG. */
const photo = (color = '#c33') =>
  sharp({ create: { width: 640, height: 480, channels: 3, background: color } })
    .jpeg()
    .toBuffer();

describe('receipts on expenses over HTTP', () => {
  let api: TestApi;
  let JPEG: Buffer;
  beforeAll(async () => {
    api = await startTestApi();
    JPEG = await photo();
  });
  afterAll(() => api.close());

  /** An owner, a participant, a stranger, and an expense the owner paid, shared by both members. */
  async function expenseOnTrip() {
    const people = await tripWithMembers(api, { start_date: start, end_date: addDays(start, 3) });
    const created = await api.call('POST', `/api/trip-split/trips/${people.trip.id}/expenses`, {
      token: people.owner.token,
      body: {
        title: 'Hotel',
        amount: 240,
        expense_date: start,
        category: 'accommodation',
        paid_by: people.owner.user.id,
        expense_type: 'group',
      },
    });
    expect(created.status).toBe(201);
    expect(created.body.expense.receipt).toBeNull();
    return { ...people, expense: created.body.expense as Expense };
  }

  /** PUT …/receipt as the browser sends it: one file in the multipart field `receipt`. */
  async function attach(
    expenseId: string,
    token: string,
    file: { data: Buffer; name: string; type: string },
    field = 'receipt',
  ) {
    const form = new FormData();
    form.set(field, new Blob([new Uint8Array(file.data)], { type: file.type }), file.name);
    const res = await fetch(`${api.baseUrl}/api/trip-split/expenses/${expenseId}/receipt`, {
      method: 'PUT',
      headers: { authorization: `Bearer ${token}` },
      body: form,
    });
    // eslint-disable-next-line @typescript-eslint/no-explicit-any
    return { status: res.status, body: (await res.json()) as any };
  }

  const get = async (url: string) => {
    const res = await fetch(api.baseUrl + url);
    return {
      status: res.status,
      type: res.headers.get('content-type'),
      data: Buffer.from(await res.arrayBuffer()),
    };
  };
  /** The trip's stored receipt files: on the embedded server's disk, or in the emulator suite's Storage bucket. */
  const filesOf = (tripId: string) => api.storedFiles(`receipts/${tripId}/`);
  const listed = async (tripId: string, token: string) =>
    (await api.call('GET', `/api/trip-split/trips/${tripId}/expenses`, { token })).body.expenses as Expense[];

  it('judges a photo by its bytes, stores it with a thumbnail and serves both to members through signed links', async () => {
    const { trip, owner, participant, expense } = await expenseOnTrip();
    // Named and labelled as a PDF: the bytes say JPEG.
    const res = await attach(expense.id, owner.token, {
      data: JPEG,
      name: 'scan.pdf',
      type: 'application/pdf',
    });
    expect(res.status).toBe(200);
    const receipt = res.body.expense.receipt;
    expect(receipt).toEqual({
      url: expect.stringMatching(
        new RegExp(
          `^/api/files/trips/${trip.id}/expenses/${expense.id}/receipt\\?u=${owner.user.id}&expires=\\d+&sig=`,
        ),
      ),
      thumbnail_url: expect.stringMatching(/\/receipt\/thumbnail\?u=/),
      content_type: 'image/jpeg',
      size: JPEG.length,
    });
    const full = await get(receipt.url);
    expect(full).toMatchObject({ status: 200, type: 'image/jpeg' });
    expect(full.data).toEqual(JPEG);
    const thumbnail = await get(receipt.thumbnail_url);
    expect(thumbnail).toMatchObject({ status: 200, type: 'image/webp' });
    const size = await sharp(thumbnail.data).metadata();
    expect([size.format, size.width, size.height]).toEqual(['webp', 240, 180]);

    // Each member's list carries links signed for them; one member's link is not another's.
    const [ownersView] = await listed(trip.id, owner.token);
    const [participantsView] = await listed(trip.id, participant.token);
    expect(ownersView!.receipt).toEqual(receipt);
    expect(participantsView!.receipt!.url).toContain(`u=${participant.user.id}`);
    expect((await get(participantsView!.receipt!.url)).status).toBe(200);
    const forged = receipt.url.replace(`u=${owner.user.id}`, `u=${participant.user.id}`);
    expect((await get(forged)).status).toBe(404);
    expect(await filesOf(trip.id)).toHaveLength(2);
  });

  it('takes a PDF whatever its name says, with no thumbnail, and refuses anything else by its bytes', async () => {
    const { owner, expense } = await expenseOnTrip();
    const pdf = await attach(expense.id, owner.token, { data: PDF, name: 'photo.jpg', type: 'image/jpeg' });
    expect(pdf.status).toBe(200);
    expect(pdf.body.expense.receipt).toMatchObject({
      content_type: 'application/pdf',
      thumbnail_url: null,
      size: PDF.length,
    });
    const served = await get(pdf.body.expense.receipt.url);
    expect(served).toMatchObject({ status: 200, type: 'application/pdf' });

    for (const data of [
      EXE,
      Buffer.from('just some text'),
      Buffer.from('<svg xmlns="http://www.w3.org/2000/svg"/>'),
    ]) {
      const refused = await attach(expense.id, owner.token, {
        data,
        name: 'receipt.jpg',
        type: 'image/jpeg',
      });
      expect(refused).toEqual({ status: 415, body: { error: UNSUPPORTED_RECEIPT } });
    }
    // The refused uploads left the PDF in place.
    const [kept] = await listed(expense.trip_id, owner.token);
    expect(kept!.receipt!.content_type).toBe('application/pdf');
  });

  it('says clearly what is wrong with a missing, misplaced, broken or too large file', async () => {
    const { owner, expense } = await expenseOnTrip();
    const none = await api.call('PUT', `/api/trip-split/expenses/${expense.id}/receipt`, {
      token: owner.token,
      body: {},
    });
    expect(none).toMatchObject({ status: 400, body: { error: NO_RECEIPT_FILE } });
    const wrongField = await attach(
      expense.id,
      owner.token,
      { data: JPEG, name: 'a.jpg', type: 'image/jpeg' },
      'image',
    );
    expect(wrongField).toEqual({
      status: 400,
      body: { error: 'Send one receipt, in the field named receipt' },
    });
    const broken = await attach(expense.id, owner.token, {
      data: JPEG.subarray(0, 200),
      name: 'a.jpg',
      type: 'image/jpeg',
    });
    expect(broken).toEqual({
      status: 400,
      body: { error: 'This photo could not be read. Try another photo, or a PDF of the receipt.' },
    });
    const huge = await attach(expense.id, owner.token, {
      data: Buffer.concat([PDF, Buffer.alloc(RECEIPT_MAX_BYTES)]),
      name: 'big.pdf',
      type: 'application/pdf',
    });
    expect(huge).toEqual({ status: 413, body: { error: 'The receipt must be at most 10 MB' } });
    expect(await filesOf(expense.trip_id)).toEqual([]);
  });

  it('keeps strangers out: no upload, no link', async () => {
    const { owner, participant, stranger, expense } = await expenseOnTrip();
    const file = { data: JPEG, name: 'r.jpg', type: 'image/jpeg' };
    expect((await attach(expense.id, stranger.token, file)).status).toBe(404);
    // A member who neither added nor paid it cannot change it, as with the expense itself.
    expect((await attach(expense.id, participant.token, file)).status).toBe(403);
    const { body } = await attach(expense.id, owner.token, file);
    const url = String(body.expense.receipt.url);
    expect((await get(url.replace(`u=${owner.user.id}`, `u=${stranger.user.id}`))).status).toBe(404);
    // A link for another trip's path does not open this receipt.
    expect((await get(url.replace(`/trips/${expense.trip_id}/`, `/trips/${expense.trip_id}x/`))).status).toBe(
      404,
    );
    expect(
      (await api.call('DELETE', `/api/trip-split/expenses/${expense.id}/receipt`, { token: stranger.token }))
        .status,
    ).toBe(404);
  });

  it('answers hostile ids on every receipt route with a 4xx JSON error', async () => {
    const { trip, owner } = await expenseOnTrip();
    const hostile = [
      '__proto__',
      'constructor',
      '..',
      '../../etc/passwd',
      '%00',
      `${trip.id}~`,
      '~x',
      'é'.repeat(300),
    ];
    for (const raw of hostile) {
      const id = encodeURIComponent(raw);
      for (const [method, url, token] of [
        ['PUT', `/api/trip-split/expenses/${id}/receipt`, owner.token],
        ['DELETE', `/api/trip-split/expenses/${id}/receipt`, owner.token],
        ['GET', `/api/files/trips/${id}/expenses/${id}/receipt?u=${id}&expires=1&sig=x`, undefined],
        [
          'GET',
          `/api/files/trips/${trip.id}/expenses/${id}/receipt/thumbnail?u=${owner.user.id}&expires=1&sig=x`,
          undefined,
        ],
      ] as const) {
        const res = await api.call(method, url, { token });
        expect([400, 404], `${method} ${url}`).toContain(res.status);
        // The Functions emulator's proxy decodes %2F and normalizes the path before routing, and answers a path
        // that matches no function itself (an HTML 404; README, known limits): the function never sees it.
        if (targetsEmulatorSuite && raw.includes('/')) continue;
        expect(typeof res.body.error, `${method} ${url}`).toBe('string');
      }
    }
  });

  it("stops a member's link the moment they leave the trip", async () => {
    const { trip, owner, participant, expense } = await expenseOnTrip();
    await attach(expense.id, owner.token, { data: JPEG, name: 'r.jpg', type: 'image/jpeg' });
    const [seen] = await listed(trip.id, participant.token);
    const { url, thumbnail_url } = seen!.receipt!;
    expect((await get(url)).status).toBe(200);
    const left = await api.call(
      'DELETE',
      `/api/trip-split/trips/${trip.id}/participants/${participant.user.id}`,
      {
        token: participant.token,
      },
    );
    expect(left.status).toBe(204);
    expect((await get(url)).status).toBe(404);
    expect((await get(thumbnail_url!)).status).toBe(404);
  });

  it('replacing a receipt removes the old files; removing it or its expense removes the rest', async () => {
    const { trip, owner, expense } = await expenseOnTrip();
    const first = (await attach(expense.id, owner.token, { data: JPEG, name: 'a.jpg', type: 'image/jpeg' }))
      .body.expense.receipt;
    const second = (
      await attach(expense.id, owner.token, { data: await photo('#36c'), name: 'b.jpg', type: 'image/jpeg' })
    ).body.expense.receipt;
    expect(second.url).not.toBe(first.url);
    expect((await get(first.url)).status).toBe(404);
    expect((await get(first.thumbnail_url)).status).toBe(404);
    expect((await get(second.url)).status).toBe(200);
    expect(await filesOf(trip.id)).toHaveLength(2);

    const removed = await api.call('DELETE', `/api/trip-split/expenses/${expense.id}/receipt`, {
      token: owner.token,
    });
    expect(removed.status).toBe(200);
    expect(removed.body.expense.receipt).toBeNull();
    expect((await get(second.url)).status).toBe(404);
    expect(await filesOf(trip.id)).toEqual([]);

    const third = (
      await attach(expense.id, owner.token, { data: PDF, name: 'c.pdf', type: 'application/pdf' })
    ).body.expense.receipt;
    expect(
      (await api.call('DELETE', `/api/trip-split/expenses/${expense.id}`, { token: owner.token })).status,
    ).toBe(204);
    expect((await get(third.url)).status).toBe(404);
    expect(await filesOf(trip.id)).toEqual([]);
  });

  it('leaves one receipt and its files when two uploads race on one expense', async () => {
    const { trip, owner, expense } = await expenseOnTrip();
    const answers = await Promise.all(
      ['#a33', '#3a3'].map(async (color) =>
        attach(expense.id, owner.token, { data: await photo(color), name: 'r.jpg', type: 'image/jpeg' }),
      ),
    );
    expect(answers.map((a) => a.status)).toEqual([200, 200]);
    const [current] = await listed(trip.id, owner.token);
    expect((await get(current!.receipt!.url)).status).toBe(200);
    // The receipt the other upload saw replaced is gone with its thumbnail.
    const urls = answers.map((a) => String(a.body.expense.receipt.url));
    expect(await Promise.all(urls.map(async (url) => (await get(url)).status))).toEqual(
      expect.arrayContaining([200, 404]),
    );
    expect(await filesOf(trip.id)).toHaveLength(2);
  });

  it("deleting the trip removes every expense's receipt files", async () => {
    const { trip, owner, expense } = await expenseOnTrip();
    const other = await api.call('POST', `/api/trip-split/trips/${trip.id}/expenses`, {
      token: owner.token,
      body: {
        ...{ title: 'Taxi', amount: 20, expense_date: start, category: 'transport' },
        paid_by: owner.user.id,
        expense_type: 'group',
      },
    });
    await attach(expense.id, owner.token, { data: JPEG, name: 'a.jpg', type: 'image/jpeg' });
    const { body } = await attach(other.body.expense.id, owner.token, {
      data: PDF,
      name: 'b.pdf',
      type: 'application/pdf',
    });
    expect(await filesOf(trip.id)).toHaveLength(3);
    expect((await api.call('DELETE', `/api/trips/${trip.id}`, { token: owner.token })).status).toBe(204);
    expect((await get(body.expense.receipt.url)).status).toBe(404);
    expect(await filesOf(trip.id)).toEqual([]);
  });

  it.runIf(!process.env.WAYFARE_API_TARGET)(
    'the start-up sweep removes receipt files no expense points to, and keeps the current ones',
    async () => {
      const { trip, owner, expense } = await expenseOnTrip();
      await attach(expense.id, owner.token, { data: JPEG, name: 'a.jpg', type: 'image/jpeg' });
      const uploads = path.join(api.dataDir, 'uploads');
      const kept = await filesOf(trip.id);
      const stray = path.join(uploads, 'receipts', trip.id, expense.id, 'left-behind.jpg');
      const ofDeletedExpense = path.join(uploads, 'receipts', trip.id, 'gone-expense', 'old.pdf');
      const ofDeletedTrip = path.join(uploads, 'receipts', 'gone-trip', 'gone-expense', 'old.pdf');
      for (const file of [stray, ofDeletedExpense, ofDeletedTrip]) {
        fs.mkdirSync(path.dirname(file), { recursive: true });
        fs.writeFileSync(file, 'orphan');
      }
      expect(await sweepOrphanUploads(uploads, api.store)).toBe(3);
      expect(await filesOf(trip.id)).toEqual(kept);
      expect(fs.existsSync(path.join(uploads, 'receipts', 'gone-trip'))).toBe(false);
    },
  );
});
