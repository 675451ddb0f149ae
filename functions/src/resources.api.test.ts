import fs from 'node:fs';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import express from 'express';
import { pino } from 'pino';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { createApp } from './app';
import { loadConfig } from './config';
import { sweepOrphanUploads } from './files/orphan-sweep';
import { INCOMING_FOLDER } from './files/trip-images';
import { PHOTO_CACHE_MAX_BYTES } from './places/photos';
import { openSqliteStore } from './store/embedded/sqlite-store';
import { LIVE_STREAMS_PER_ADDRESS, LIVE_STREAMS_PER_USER } from './ledger/live/streams';
import { startTestApi, type TestApi } from '../test-support/api-server';
import { signedInUser, tripWithMembers } from '../test-support/trip-members';

/** An open live stream, read as the browser reads it; `until` reads on until the text holds `marker`. */
async function openStream(api: TestApi, tripId: string, token: string) {
  const controller = new AbortController();
  const response = await fetch(`${api.baseUrl}/api/trip-split/trips/${tripId}/live`, {
    headers: { authorization: `Bearer ${token}` },
    signal: controller.signal,
  });
  const reader = response.ok ? response.body!.pipeThrough(new TextDecoderStream()).getReader() : null;
  let text = '';
  return {
    status: response.status,
    body: response.ok ? null : await response.json(),
    async until(marker: string) {
      while (!text.includes(marker)) {
        const { value, done } = await reader!.read();
        if (done) break;
        text += value;
      }
      return text;
    },
    /** Reads to the end of the stream: resolves only once the server has closed it. */
    async toEnd() {
      for (;;) {
        const { value, done } = await reader!.read();
        if (done) return text;
        text += value;
      }
    },
    close: () => controller.abort(),
  };
}

/**
 * What a stranger or a bad day can do to the server's resources: memory, disk, sockets, caches.
 * Every assertion is on counts, statuses, bytes or files, never on time.
 */
describe('resources', () => {
  let api: TestApi;
  beforeAll(async () => {
    api = await startTestApi({ RATE_LIMIT_AUTH_PER_IP: '100000' });
  });
  afterAll(() => api.close());

  describe('Cache-Control', () => {
    it('answers every private /api answer with no-store, the login (and its token) included', async () => {
      const { trip, owner } = await tripWithMembers(api);
      const account = {
        username: 'cache_probe',
        email: 'cache.probe@example.com',
        password: 'a long enough password',
        first_name: 'C',
        last_name: 'P',
      };
      await api.call('POST', '/api/auth/register', { body: account });
      const answers = await Promise.all([
        api.call('POST', '/api/auth/login', { body: account }),
        api.call('POST', '/api/auth/login', { body: { ...account, password: 'wrong password' } }),
        api.call('GET', '/api/trips', { token: owner.token }),
        api.call('GET', `/api/trips/${trip.id}`, { token: owner.token }),
        api.call('GET', `/api/trip-split/trips/${trip.id}/expenses`, { token: owner.token }),
        api.call('GET', '/api/auth/me', { token: owner.token }),
        api.call('GET', '/api/no-such-route', { token: owner.token }),
      ]);
      expect(answers.map((a) => a.status)).toEqual([200, 401, 200, 200, 200, 200, 404]);
      for (const answer of answers) expect(answer.headers.get('cache-control')).toBe('no-store');
    });
  });

  describe('live streams', () => {
    // A server of its own per test: the caps count every stream open on the server, from any earlier test.
    let api: TestApi;
    beforeEach(async () => {
      api = await startTestApi();
    });
    afterEach(() => api.close());

    it('caps open streams per user with a 429 JSON answer, and frees a slot when a stream closes', async () => {
      const { trip, owner } = await tripWithMembers(api);
      const streams = [];
      for (let i = 0; i < LIVE_STREAMS_PER_USER; i += 1) {
        const stream = await openStream(api, trip.id, owner.token);
        expect(stream.status).toBe(200);
        await stream.until('event: ready');
        streams.push(stream);
      }
      const refused = await openStream(api, trip.id, owner.token);
      expect(refused.status).toBe(429);
      expect(refused.body).toEqual({ error: expect.stringMatching(/Too many live connections/) });

      streams.pop()!.close();
      await expect
        .poll(async () => {
          const again = await openStream(api, trip.id, owner.token);
          if (again.status === 200) streams.push(again);
          return again.status;
        })
        .toBe(200);
      streams.forEach((stream) => stream.close());
    });

    it('caps open streams per address, whoever signs in', async () => {
      const { trip, owner } = await tripWithMembers(api);
      const users = [owner];
      for (let i = 1; i * LIVE_STREAMS_PER_USER <= LIVE_STREAMS_PER_ADDRESS; i += 1) {
        const member = await signedInUser(api);
        await api.store.members.add(trip.id, member.user.id);
        users.push(member);
      }
      const streams = [];
      for (let i = 0; i < LIVE_STREAMS_PER_ADDRESS; i += 1) {
        const stream = await openStream(api, trip.id, users[Math.floor(i / LIVE_STREAMS_PER_USER)]!.token);
        expect(stream.status).toBe(200);
        streams.push(stream);
      }
      const refused = await openStream(api, trip.id, users.at(-1)!.token);
      expect(refused.status).toBe(429);
      streams.forEach((stream) => stream.close());
    });

    it('ends every stream of a deleted trip at once, with an event saying so', async () => {
      const { trip, owner, participant } = await tripWithMembers(api);
      const streams = await Promise.all([
        openStream(api, trip.id, owner.token),
        openStream(api, trip.id, participant.token),
      ]);
      await Promise.all(streams.map((stream) => stream.until('event: ready')));

      expect((await api.call('DELETE', `/api/trips/${trip.id}`, { token: owner.token })).status).toBe(204);
      // Each read ends only because the server closed the stream; the heartbeat (15 s) never comes into it.
      for (const stream of streams) {
        const text = await stream.toEnd();
        expect(text).toContain('event: revoked');
        expect(text).toContain('"reason":"trip.deleted"');
        expect(text).not.toContain(': heartbeat');
      }
    });
  });

  describe('uploads', () => {
    let api: TestApi;
    beforeEach(async () => {
      api = await startTestApi({
        UPLOADS_PER_USER: '2',
        UPLOADS_IN_TOTAL: '3',
        UPLOAD_BODY_TIMEOUT_MS: '2000',
      });
    });
    afterEach(() => api.close());

    const incoming = () => path.join(api.dataDir, 'uploads', INCOMING_FOLDER);
    const incomingBytes = () =>
      filesIn(incoming()).reduce((sum, file) => sum + fs.statSync(path.join(incoming(), file)).size, 0);

    it('streams an image to disk as it arrives, and removes the partial file when the client goes away', async () => {
      const { trip, owner } = await tripWithMembers(api);
      const upload = startUpload(api.baseUrl, trip.id, owner.token);
      const sent = await upload.send(3 * 1024 * 1024);
      // The bytes are on disk while the request is still open: nothing holds the whole upload in memory.
      await expect.poll(incomingBytes).toBeGreaterThanOrEqual(sent - 64 * 1024);
      upload.abort();
      await expect.poll(() => filesIn(incoming()).length).toBe(0);
    });

    it('caps uploads in flight per user and in total with a 429 JSON answer, and frees the slots', async () => {
      const { trip, owner, participant } = await tripWithMembers(api);
      const stranger = await signedInUser(api);
      const stalled = [
        startUpload(api.baseUrl, trip.id, owner.token),
        startUpload(api.baseUrl, trip.id, owner.token),
      ];
      for (const upload of stalled) await upload.send(64 * 1024);
      await expect.poll(() => filesIn(incoming()).length).toBe(2);

      const third = await putImage(api.baseUrl, trip.id, owner.token);
      expect(third.status).toBe(429);
      expect(third.body).toEqual({ error: expect.stringMatching(/Too many uploads in progress/) });

      stalled.push(startUpload(api.baseUrl, trip.id, participant.token));
      await stalled[2]!.send(64 * 1024);
      await expect.poll(() => filesIn(incoming()).length).toBe(3);
      const overTotal = await putImage(api.baseUrl, trip.id, stranger.token);
      expect(overTotal.status).toBe(429);

      stalled.forEach((upload) => upload.abort());
      await expect.poll(async () => (await putImage(api.baseUrl, trip.id, owner.token)).status).toBe(200);
      await expect.poll(() => filesIn(incoming()).length).toBe(0);
    });

    it('answers 408 to a body that stops arriving, and keeps nothing of it', async () => {
      const { trip, owner } = await tripWithMembers(api);
      const openFiles = () => fs.readdirSync('/proc/self/fd').length;
      const before = openFiles();
      const upload = startUpload(api.baseUrl, trip.id, owner.token);
      await upload.send(64 * 1024);
      const answer = await upload.response;
      expect(answer.status).toBe(408);
      expect(JSON.parse(answer.text)).toEqual({ error: expect.stringMatching(/took too long/) });
      await expect.poll(() => filesIn(incoming()).length).toBe(0);
      // Neither the partial file's descriptor nor the socket stays open.
      upload.abort();
      await expect.poll(openFiles).toBeLessThanOrEqual(before);
    });

    it('leaves exactly one image file after 10 concurrent uploads, and none once the trip is deleted', async () => {
      const { trip, owner, participant } = await tripWithMembers(api);
      const tripFolder = path.join(api.dataDir, 'uploads', 'trips', trip.id);
      const uploaders = [owner, participant];
      const answers = [];
      // In waves that respect the in-flight caps, each wave racing on the same trip.
      for (let wave = 0; wave < 5; wave += 1) {
        answers.push(
          ...(await Promise.all(uploaders.map((user) => putImage(api.baseUrl, trip.id, user.token)))),
        );
      }
      expect(answers.map((a) => a.status)).toEqual(Array(10).fill(200));
      const current = (await api.store.trips.get(trip.id))?.image_path;
      expect(filesIn(tripFolder).map((name) => `trips/${trip.id}/${name}`)).toEqual([current]);

      expect((await api.call('DELETE', `/api/trips/${trip.id}`, { token: owner.token })).status).toBe(204);
      expect(filesIn(tripFolder)).toEqual([]);
    });

    it('sweeps orphaned files at start-up: partial uploads, replaced images, images of deleted trips', async () => {
      const { trip, owner } = await tripWithMembers(api);
      expect((await putImage(api.baseUrl, trip.id, owner.token)).status).toBe(200);
      const current = (await api.store.trips.get(trip.id))!.image_path!;
      await expect.poll(() => filesIn(incoming()).length).toBe(0);
      const uploads = path.join(api.dataDir, 'uploads');
      const orphans = [
        `trips/${trip.id}/replaced.png`,
        'trips/no-such-trip/a.png',
        `${INCOMING_FOLDER}/x.upload`,
      ];
      for (const orphan of orphans) {
        fs.mkdirSync(path.dirname(path.join(uploads, orphan)), { recursive: true });
        fs.writeFileSync(path.join(uploads, orphan), PNG);
      }
      expect(await sweepOrphanUploads(uploads, api.store)).toBe(orphans.length);
      expect(filesIn(path.join(uploads, 'trips'))).toEqual([trip.id]);
      expect(filesIn(path.join(uploads, 'trips', trip.id)).map((n) => `trips/${trip.id}/${n}`)).toEqual([
        current,
      ]);
      expect(filesIn(incoming())).toEqual([]);
    });

    it('reads the multipart body from req.rawBody where the Cloud Functions runtime has already consumed it', async () => {
      const { trip, owner } = await tripWithMembers(api);
      const functionsLike = await startBehindRawBodyReader(api);
      try {
        const res = await putImage(functionsLike.baseUrl, trip.id, owner.token);
        expect(res.status).toBe(200);
        expect(res.body).toMatchObject({
          trip_name: 'Porto',
          image_url: expect.stringMatching(/^\/api\/files\//),
        });
        const image = await fetch(functionsLike.baseUrl + (res.body as { image_url: string }).image_url);
        expect(Buffer.from(await image.arrayBuffer())).toEqual(PNG);
      } finally {
        await functionsLike.close();
      }
    });
  });

  describe('caches', () => {
    it('bounds the city photo cache in bytes, not entries: long answers push the oldest out', async () => {
      let searches = 0;
      const longUri = `https://lh3.googleusercontent.com/p/${'a'.repeat(16_000)}`;
      const places = http.createServer((req, res) => {
        req.resume();
        req.on('end', () => {
          res.setHeader('content-type', 'application/json');
          if (req.url === '/v1/places:searchText') {
            searches += 1;
            return res.end(JSON.stringify({ places: [{ photos: [{ name: 'places/P1/photos/F1' }] }] }));
          }
          res.end(JSON.stringify({ photoUri: longUri }));
        });
      });
      await new Promise<void>((resolve) => places.listen(0, '127.0.0.1', resolve));
      const photos = await startTestApi({
        GOOGLE_MAPS_API_KEY: 'maps-key',
        GOOGLE_PLACES_BASE_URL: `http://127.0.0.1:${(places.address() as AddressInfo).port}`,
      });
      try {
        const { token } = await signedInUser(photos);
        const photo = (city: string) => photos.call('GET', `/api/places/photo?city=${city}`, { token });
        // Each answer is ~32 kB in memory: far fewer than the old 500-entry cap fit in the byte budget.
        const fitting = Math.floor(PHOTO_CACHE_MAX_BYTES / (longUri.length * 2));
        for (let i = 0; i <= fitting; i += 1) expect((await photo(`City${i}`)).body.success).toBe(true);
        expect(searches).toBe(fitting + 1);
        await photo(`City${fitting}`);
        expect(searches).toBe(fitting + 1); // the newest is still cached
        await photo('City0');
        expect(searches).toBe(fitting + 2); // the oldest was evicted to stay within the budget
      } finally {
        await photos.close();
        places.closeAllConnections();
        await new Promise((resolve) => places.close(resolve));
      }
    });
  });

  describe('the data folder', () => {
    it('makes the database folder 0700 and its files 0600, even when an older version left them open', () => {
      const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'wayfare-perms-'));
      try {
        const dataDir = path.join(dir, 'data');
        fs.mkdirSync(dataDir, { mode: 0o755 });
        fs.chmodSync(dataDir, 0o755);
        const db = path.join(dataDir, 'wayfare.db');
        const store = openSqliteStore(db);
        void store.close();
        fs.chmodSync(db, 0o644);
        const reopened = openSqliteStore(db);
        expect(fs.statSync(dataDir).mode & 0o777).toBe(0o700);
        for (const file of filesIn(dataDir))
          expect(fs.statSync(path.join(dataDir, file)).mode & 0o777).toBe(0o600);
        expect(filesIn(dataDir)).toContain('wayfare.db-wal');
        void reopened.close();
      } finally {
        fs.rmSync(dir, { recursive: true, force: true });
      }
    });
  });
});

/** A real 1×1 PNG. */
const PNG = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg==',
  'base64',
);
const TRIP_EDIT = {
  trip_name: 'Porto',
  description: 'Port wine',
  start_date: '2027-04-10',
  end_date: '2027-04-14',
};

const filesIn = (dir: string) => (fs.existsSync(dir) ? fs.readdirSync(dir).sort() : []);

/** PUT /api/trips/{id} with the trip's fields and a PNG, as the browser sends it. */
async function putImage(baseUrl: string, tripId: string, token: string) {
  const form = new FormData();
  for (const [key, value] of Object.entries(TRIP_EDIT)) form.set(key, value);
  form.set('image', new Blob([new Uint8Array(PNG)], { type: 'image/png' }), 'cover.png');
  const res = await fetch(`${baseUrl}/api/trips/${tripId}`, {
    method: 'PUT',
    headers: { authorization: `Bearer ${token}` },
    body: form,
  });
  return { status: res.status, body: (await res.json()) as unknown };
}

/** A multipart upload sent by hand over a raw socket, so a test can send part of it and then stall or vanish. */
function startUpload(baseUrl: string, tripId: string, token: string) {
  const boundary = `----wayfare${Date.now()}`;
  const head = Buffer.from(
    Object.entries(TRIP_EDIT)
      .map(
        ([key, value]) =>
          `--${boundary}\r\nContent-Disposition: form-data; name="${key}"\r\n\r\n${value}\r\n`,
      )
      .join('') +
      `--${boundary}\r\nContent-Disposition: form-data; name="image"; filename="big.png"\r\n` +
      'Content-Type: image/png\r\n\r\n',
  );
  const url = new URL(`/api/trips/${tripId}`, baseUrl);
  const req = http.request(url, {
    method: 'PUT',
    headers: {
      authorization: `Bearer ${token}`,
      'content-type': `multipart/form-data; boundary=${boundary}`,
      'content-length': String(head.length + PNG.length + 4 * 1024 * 1024),
    },
  });
  req.on('error', () => undefined);
  const response = new Promise<{ status: number; text: string }>((resolve) => {
    req.on('response', (res) => {
      let text = '';
      res.setEncoding('utf8');
      res.on('data', (chunk: string) => (text += chunk));
      res.on('end', () => resolve({ status: res.statusCode ?? 0, text }));
      res.on('error', () => resolve({ status: res.statusCode ?? 0, text }));
    });
  });
  req.write(head);
  req.write(PNG);
  const chunk = Buffer.alloc(64 * 1024);
  return {
    response,
    /** Sends about `bytes` more of the file (never all of it) and answers the file bytes sent so far. */
    async send(bytes: number) {
      let sent = 0;
      while (sent < bytes) {
        if (!req.write(chunk)) await new Promise((resolve) => req.once('drain', resolve));
        sent += chunk.length;
      }
      return PNG.length + sent;
    },
    abort: () => req.destroy(),
  };
}

/**
 * The app behind a front that reads every body into req.rawBody first, as the Cloud Functions runtime does
 * before Express sees the request; the app's own request stream is then empty.
 */
async function startBehindRawBodyReader(api: TestApi) {
  const config = loadConfig({ WAYFARE_DATA_DIR: api.dataDir, LOG_LEVEL: 'silent' });
  const app = createApp({ config, store: api.store, tokens: api.tokens, logger: pino({ level: 'silent' }) });
  const front = express();
  front.use((req, _res, next) => {
    const chunks: Buffer[] = [];
    req.on('data', (chunk: Buffer) => chunks.push(chunk));
    req.on('end', () => {
      Object.assign(req, { rawBody: Buffer.concat(chunks) });
      next();
    });
  });
  front.use(app);
  const server = await new Promise<http.Server>((resolve) => {
    const s = front.listen(0, '127.0.0.1', () => resolve(s));
  });
  return {
    baseUrl: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
    close: () => {
      server.closeAllConnections();
      return new Promise((resolve) => server.close(resolve));
    },
  };
}
