import http from 'node:http';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApi, type TestApi } from '../../test-support/api-server';
import { tripWithMembers } from '../../test-support/trip-members';

const MB = 1024 * 1024;
const BODY_BYTES = 12 * MB;
const CHUNK_BYTES = 64 * 1024;
const BOUNDARY = 'wayfare-oversize-test';

/** A multipart body's head and tail around `size` bytes of one file in `field`. */
const multipart = (field: string) => ({
  contentType: `multipart/form-data; boundary=${BOUNDARY}`,
  head: Buffer.from(
    `--${BOUNDARY}\r\nContent-Disposition: form-data; name="${field}"; filename="big.png"\r\n` +
      'Content-Type: image/png\r\n\r\n',
  ),
  tail: Buffer.from(`\r\n--${BOUNDARY}--\r\n`),
});

/** A JSON body's head and tail around `size` bytes of one string property. */
const json = (property: string) => ({
  contentType: 'application/json',
  head: Buffer.from(`{"${property}":"`),
  tail: Buffer.from('"}'),
});

interface Answer {
  status: number;
  body: unknown;
  /** Bytes of the body the client had sent when the answer's head arrived. */
  sentAtAnswer: number;
}

/**
 * Sends head, BODY_BYTES of filler and tail with plain node:http, one 64 kB chunk at a time as the socket takes
 * them (each write waits for the one before to be handed to the kernel), and keeps sending after the answer
 * arrives, as a phone on a slow link does. Resolves with the answer once it is read whole and the body is sent;
 * rejects when the connection breaks first (EPIPE, ECONNRESET), which is the failure this guards against.
 */
function sendSlowly(
  api: TestApi,
  method: string,
  path: string,
  token: string,
  { contentType, head, tail }: { contentType: string; head: Buffer; tail: Buffer },
  connection: 'keep-alive' | 'close',
): Promise<Answer> {
  const filler = Buffer.alloc(CHUNK_BYTES, 'a');
  const total = head.length + BODY_BYTES + tail.length;
  return new Promise((resolve, reject) => {
    let sent = 0;
    let answer: Answer | undefined;
    let stopped = false;
    const settle = () => answer && stopped && resolve(answer);
    const req = http.request(`${api.baseUrl}${path}`, {
      method,
      agent: new http.Agent({ keepAlive: connection === 'keep-alive' }),
      headers: {
        authorization: `Bearer ${token}`,
        'content-type': contentType,
        'content-length': String(total),
        connection,
      },
    });
    req.on('error', reject);
    // Sent in full, or stopped by the client library itself once the answer said `Connection: close`.
    req.on('close', () => {
      stopped = true;
      settle();
    });
    req.on('response', (res) => {
      const sentAtAnswer = sent;
      const chunks: Buffer[] = [];
      res.on('data', (chunk: Buffer) => chunks.push(chunk));
      res.on('error', reject);
      res.on('end', () => {
        const text = Buffer.concat(chunks).toString('utf8');
        answer = { status: res.statusCode ?? 0, body: JSON.parse(text), sentAtAnswer };
        settle();
      });
    });
    const writeNext = () => {
      if (sent === 0) {
        sent += head.length;
        return req.write(head, writeNext);
      }
      const left = head.length + BODY_BYTES - sent;
      if (left <= 0) {
        return req.end(tail);
      }
      const chunk = left < CHUNK_BYTES ? filler.subarray(0, left) : filler;
      sent += chunk.length;
      req.write(chunk, writeNext);
    };
    writeNext();
  });
}

describe('oversize bodies over plain HTTP: the refusal always reaches a client still sending', () => {
  let api: TestApi;
  beforeAll(async () => {
    api = await startTestApi();
  });
  afterAll(() => api?.close());

  async function cases() {
    const { trip, owner } = await tripWithMembers(api);
    const expense = await api.call('POST', `/api/trip-split/trips/${trip.id}/expenses`, {
      token: owner.token,
      body: { title: 'Dinner', amount: '42.10', expense_date: trip.start_date, paid_by: owner.user.id },
    });
    expect(expense.status).toBe(201);
    return {
      token: owner.token,
      list: [
        {
          what: 'a trip image',
          method: 'PUT',
          path: `/api/trips/${trip.id}`,
          body: multipart('image'),
          error: 'The image must be at most 5 MB',
        },
        {
          what: 'a receipt',
          method: 'PUT',
          path: `/api/trip-split/expenses/${expense.body.expense.id}/receipt`,
          body: multipart('receipt'),
          error: 'The receipt must be at most 10 MB',
        },
        {
          what: 'an import',
          method: 'POST',
          path: `/api/trip-split/trips/${trip.id}/import/preview`,
          body: json('csv'),
          error: 'The request body is too large',
          early: true,
        },
        {
          what: 'a JSON body',
          method: 'POST',
          path: `/api/trip-split/trips/${trip.id}/expenses`,
          body: json('title'),
          error: 'The request body is too large',
          early: true,
        },
      ],
    };
  }

  it.each(['keep-alive', 'close'] as const)(
    'answers 413 JSON to 12 MB sent in chunks, every time (connection: %s)',
    async (connection) => {
      const { token, list } = await cases();
      for (let round = 0; round < 3; round += 1) {
        for (const { what, method, path, body, error, early = false } of list) {
          const answer = await sendSlowly(api, method, path, token, body, connection).catch((err: Error) => {
            throw new Error(`${what}, round ${round + 1}: ${err.message}`);
          });
          expect({ what, status: answer.status, body: answer.body }).toEqual({
            what,
            status: 413,
            body: { error },
          });
          // A JSON body's declared length is refused before it is read, not after the parser read all 12 MB.
          if (early) expect(answer.sentAtAnswer).toBeLessThan(BODY_BYTES / 2);
        }
      }
    },
    120_000,
  );
});
