import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { NO_TOTAL_FOUND, READ_ON_DEVICE, receiptScanResponseSchema } from '@wayfare/contract';
import { startTestApi, type TestApi } from '../../test-support/api-server';
import { startGeminiStandIn, type GeminiStandIn } from '../../test-support/gemini-stand-in';
import { RECEIPT_FIXTURES, receiptPhoto } from '../../test-support/receipt-fixtures';
import { tripWithMembers } from '../../test-support/trip-members';
import { stopDeviceOcr } from './device-ocr';
import { SCAN_A_PHOTO } from './routes';

const german = RECEIPT_FIXTURES[1]!;

/** POST …/receipt-scan as the browser sends it: the photo in the multipart field `receipt`. */
async function scan(api: TestApi, tripId: string, token: string, data: Buffer, type = 'image/jpeg') {
  const form = new FormData();
  form.set('receipt', new Blob([new Uint8Array(data)], { type }), 'receipt.jpg');
  const res = await fetch(`${api.baseUrl}/api/trip-split/trips/${tripId}/receipt-scan`, {
    method: 'POST',
    headers: { authorization: `Bearer ${token}` },
    body: form,
  });
  // eslint-disable-next-line @typescript-eslint/no-explicit-any
  return { status: res.status, body: (await res.json()) as any };
}

// The on-device reads are OCR, CPU work: room to finish on a loaded machine.
describe(
  'receipt scan with a Gemini key (the real SDK against the local stand-in)',
  { timeout: 60_000 },
  () => {
    let gemini: GeminiStandIn;
    let api: TestApi;
    let photo: Buffer;
    beforeAll(async () => {
      gemini = await startGeminiStandIn();
      api = await startTestApi({ GEMINI_API_KEY: 'test-key', GEMINI_BASE_URL: gemini.baseUrl });
      photo = await receiptPhoto(german);
    });
    afterAll(async () => {
      await api.close();
      await gemini.close();
      await stopDeviceOcr();
    });

    it('sends the photo with the response schema, and answers what Gemini read in minor units', async () => {
      const { trip, participant } = await tripWithMembers(api);
      gemini.text = JSON.stringify({
        merchant: 'Gasthaus Zur Linde',
        date: '2027-04-11',
        currency: 'eur',
        total: '35.20',
        tax: null,
        tip: null,
        items: [
          { name: 'Wiener schnitzel', amount: '18.90', quantity: 1 },
          { name: 'Wheat beer', amount: '9.80', quantity: 2 },
          { name: 'Apple strudel', amount: '6.50', quantity: null },
        ],
      });
      const res = await scan(api, trip.id, participant.token, photo);
      expect(res.status).toBe(200);
      expect(receiptScanResponseSchema.parse(res.body)).toEqual({
        source: 'gemini',
        notices: [],
        receipt: {
          merchant: 'Gasthaus Zur Linde',
          date: '2027-04-11',
          currency: 'EUR',
          total: 3520,
          tax: null,
          tip: null,
          items: [
            { name: 'Wiener schnitzel', amount: 1890, quantity: 1 },
            { name: 'Wheat beer', amount: 980, quantity: 2 },
            { name: 'Apple strudel', amount: 650, quantity: null },
          ],
        },
      });
      // eslint-disable-next-line @typescript-eslint/no-explicit-any
      const sent = gemini.bodies.at(-1) as any;
      expect(sent.contents[0].parts[0].inlineData).toEqual({
        mimeType: 'image/jpeg',
        data: photo.toString('base64'),
      });
      expect(sent.generationConfig.responseMimeType).toBe('application/json');
      expect(sent.generationConfig.responseJsonSchema.required).toEqual(
        expect.arrayContaining(['merchant', 'date', 'currency', 'total', 'tax', 'tip', 'items']),
      );
    });

    it('keeps what a partial answer got right: a wrong total says no total was found, a wrong item is left out', async () => {
      const { trip, owner } = await tripWithMembers(api);
      gemini.text =
        '```json\n{"merchant": "Bar Centrale", "date": "11/04/2027", "currency": "XYZ", "total": "about ten",' +
        ' "items": [{"name": "Espresso", "amount": "1.20"}, {"name": "", "amount": "3"}, {"amount": "2.00"}]}\n```';
      const res = await scan(api, trip.id, owner.token, photo);
      expect(res.status).toBe(200);
      expect(res.body).toEqual({
        source: 'gemini',
        notices: [NO_TOTAL_FOUND],
        receipt: {
          merchant: 'Bar Centrale',
          date: null,
          currency: null,
          total: null,
          tax: null,
          tip: null,
          items: [{ name: 'Espresso', amount: 120, quantity: null }],
        },
      });
    });

    it('reads the photo on this device when Gemini answers no JSON, or fails', async () => {
      const { trip, owner } = await tripWithMembers(api);
      gemini.text = 'I am sorry, I cannot help with that.';
      const malformed = await scan(api, trip.id, owner.token, photo);
      expect(malformed.status).toBe(200);
      expect(malformed.body).toMatchObject({
        source: 'device',
        notices: [READ_ON_DEVICE],
        receipt: { total: german.total, date: german.date, currency: 'EUR' },
      });
      gemini.mode = 'fail';
      const failed = await scan(api, trip.id, owner.token, photo);
      gemini.mode = 'guide';
      expect(failed.body).toMatchObject({ source: 'device', receipt: { total: german.total } });
    });

    it('refuses strangers, a PDF and a request without a photo', async () => {
      const { trip, owner, stranger } = await tripWithMembers(api);
      const before = gemini.received;
      expect((await scan(api, trip.id, stranger.token, photo)).status).toBe(404);
      const pdf = await scan(api, trip.id, owner.token, Buffer.from('%PDF-1.4\n%%EOF\n'), 'application/pdf');
      expect([pdf.status, pdf.body]).toEqual([415, { error: SCAN_A_PHOTO }]);
      const none = await api.call('POST', `/api/trip-split/trips/${trip.id}/receipt-scan`, {
        token: owner.token,
        body: {},
      });
      expect([none.status, none.body]).toEqual([400, { error: SCAN_A_PHOTO }]);
      expect(gemini.received).toBe(before);
    });
  },
);

describe('receipt scan without a key', { timeout: 60_000 }, () => {
  it('reads the photo on this device and says so', async () => {
    const api = await startTestApi();
    try {
      const { trip, owner } = await tripWithMembers(api);
      const res = await scan(api, trip.id, owner.token, await receiptPhoto(RECEIPT_FIXTURES[2]!));
      expect(res.body).toMatchObject({
        source: 'device',
        notices: [READ_ON_DEVICE],
        receipt: { total: 3830, date: '2027-04-11', currency: 'EUR', merchant: 'BRASSERIE DU PORT' },
      });
    } finally {
      await api.close();
      await stopDeviceOcr();
    }
  });
});
