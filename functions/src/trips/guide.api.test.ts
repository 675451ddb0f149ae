import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { deleteApp, initializeApp } from 'firebase-admin/app';
import { getFirestore } from 'firebase-admin/firestore';
import { pino } from 'pino';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { parseRecommendations, type CreateTripResponse, type TripView } from '@wayfare/contract';
import { loadConfig } from '../config';
import { guideProviderFor } from '../ai';
import { openSqliteStore } from '../store/embedded/sqlite-store';
import { createFirestoreStore } from '../store/firestore/firestore-store';
import { startTestFirestore, type TestFirestore } from '../../test-support/test-firestore';
import { newTrip, newUser } from '../../test-support/store-adapters';
import type { NewTrip } from '../store/types';
import {
  startTestApi,
  targetsEmulatorSuite,
  TEST_JWT_SECRET,
  type TestApi,
} from '../../test-support/api-server';
import { EMULATOR_PROJECT_ID } from '../../test-support/emulator-suite';
import { startGeminiStandIn, standInDayPlan, type GeminiStandIn } from '../../test-support/gemini-stand-in';
import {
  finishAbandonedGuides,
  GUIDE_GIVEN_UP_AFTER_MS,
  guideJobsFor,
  inProcessGuideJobs,
  resumeUnwrittenGuides,
  writeTripGuide,
  type GuideQueue,
} from './guide-jobs';
import { createLisbonTrip, signedInUser } from '../../test-support/trip-members';

const geminiEnv = (standIn: GeminiStandIn) => ({
  GEMINI_API_KEY: 'test-key',
  GEMINI_BASE_URL: standIn.baseUrl,
  GEMINI_TIMEOUT_MS: '10000',
});

/**
 * How long a guide may take to be written: in the emulator suite the Cloud Tasks emulator dispatches the task (it
 * looks for work every second) to a writeGuide worker the Functions emulator starts cold on this shared machine.
 */
const GUIDE_WRITTEN_WITHIN_MS = targetsEmulatorSuite ? 90_000 : 15_000;

/** The trip once its guide is no longer 'writing' (the page polls the same way). */
async function settledTrip(api: TestApi, token: string, id: string): Promise<TripView> {
  const deadline = Date.now() + GUIDE_WRITTEN_WITHIN_MS;
  for (;;) {
    const trip = (await api.call('GET', `/api/trips/${id}`, { token })).body as TripView;
    if (trip.guide_status !== 'writing') return trip;
    if (Date.now() > deadline)
      throw new Error(`the guide was not written within ${GUIDE_WRITTEN_WITHIN_MS} ms`);
    await new Promise((resolve) => setTimeout(resolve, targetsEmulatorSuite ? 250 : 20));
  }
}

/**
 * sweepGuides as Cloud Scheduler runs it: an HTTP POST to the scheduled function. The Functions emulator registers
 * schedules only with the Pub/Sub emulator (a Java download, not available here), so the call goes to the
 * function's own trigger route in the Functions emulator (`{id}-{generation}`: loaded once, generation 0).
 */
const runSweepGuides = () =>
  fetch(
    `${process.env.WAYFARE_FUNCTIONS_URL}/functions/projects/${EMULATOR_PROJECT_ID}/triggers/us-central1-sweepGuides-0`,
    {
      method: 'POST',
      headers: {
        'content-type': 'application/json',
        'x-cloudscheduler-jobname': 'firebase-schedule-sweepGuides-us-central1',
        'x-cloudscheduler-scheduletime': new Date().toISOString(),
      },
      body: '{}',
    },
  );

describe('POST /api/trips with Gemini: the guide is written after the answer', () => {
  // In the emulator suite: by the writeGuide task, which POST /api/trips queued on the Cloud Tasks emulator.
  let standIn: GeminiStandIn;
  let api: TestApi;
  beforeAll(async () => {
    standIn = await startGeminiStandIn();
    api = await startTestApi(geminiEnv(standIn));
  });
  afterAll(async () => {
    await api.close();
    await standIn.close();
  });
  beforeEach(() => {
    standIn.mode = 'guide';
    standIn.release();
  });

  it('answers 201 while Gemini is still writing; the guide, its sights and status "ready" follow', async () => {
    const { token } = await signedInUser(api);
    standIn.hold();
    const asked = standIn.received;
    const res = await createLisbonTrip(api, token);
    expect(res.status).toBe(201);
    const { id, trip } = res.body as CreateTripResponse;
    expect(trip).toMatchObject({
      id,
      trip_name: 'Trip to Lisbon',
      guide_status: 'writing',
      recommendations: null,
      recommendations_provider: null,
      attractions: [],
    });
    // Gemini has the request and has not answered: the trip is still 'writing' for every reader.
    await standIn.receivedAtLeast(asked + 1);
    const meanwhile = (await api.call('GET', `/api/trips/${id}`, { token })).body as TripView;
    expect(meanwhile.guide_status).toBe('writing');

    standIn.release();
    const written = await settledTrip(api, token, id);
    expect(written).toMatchObject({ guide_status: 'ready', recommendations_provider: 'gemini' });
    const { guide } = parseRecommendations(written.recommendations);
    expect(Object.keys(guide!.itinerary)).toEqual(['day1', 'day2', 'day3', 'day4']);
    expect(guide!.itinerary.day2?.day_plan).toBe(standInDayPlan(2));
    expect(written.attractions.map((a) => a.name)).toEqual(['Castelo de São Jorge', 'Jerónimos Monastery']);
  });

  it('falls back to the offline guide, marked "fallback", when Gemini fails twice', async () => {
    const { token } = await signedInUser(api);
    standIn.mode = 'fail';
    const asked = standIn.received;
    const res = await createLisbonTrip(api, token);
    expect(res.status).toBe(201);
    expect(res.body.trip.guide_status).toBe('writing');
    const written = await settledTrip(api, token, res.body.id);
    expect(standIn.received - asked).toBe(2); // one retry, then the offline planner
    expect(written).toMatchObject({ guide_status: 'fallback', recommendations_provider: 'offline' });
    expect(Object.keys(parseRecommendations(written.recommendations).guide!.itinerary)).toHaveLength(4);
    expect(written.attractions.length).toBeGreaterThan(0);
  });

  it('shows a writing trip to nobody but its members', async () => {
    const [{ token }, stranger] = await Promise.all([signedInUser(api), signedInUser(api)]);
    standIn.hold();
    const { id } = (await createLisbonTrip(api, token)).body as CreateTripResponse;
    expect((await api.call('GET', `/api/trips/${id}`, { token: stranger.token })).status).toBe(404);
    expect((await api.call('GET', `/api/trips/${id}`)).status).toBe(401);
    standIn.release();
    expect((await settledTrip(api, token, id)).guide_status).toBe('ready');
    expect((await api.call('GET', `/api/trips/${id}`, { token: stranger.token })).status).toBe(404);
  });

  it.runIf(targetsEmulatorSuite)(
    'sweepGuides, run as Cloud Scheduler runs it, gives a trip no task finished in 30 minutes the offline guide',
    async () => {
      const { user, token } = await signedInUser(api);
      const unwritten: Partial<NewTrip> = {
        guide_status: 'writing',
        recommendations: null,
        recommendations_provider: null,
        attractions: [],
        preferences: { destination: 'Lisbon, Portugal', interests: ['Food & Dining'], travelStyle: 'Solo' },
      };
      const abandoned = await api.store.trips.create(user.id, newTrip(unwritten));
      const recent = await api.store.trips.create(user.id, newTrip(unwritten));
      // Stored 31 minutes ago, as far as the sweep can tell (the store stamps created_at itself).
      const admin = initializeApp({ projectId: EMULATOR_PROJECT_ID }, `guide-sweep-${abandoned.id}`);
      try {
        await getFirestore(admin)
          .collection('trips')
          .doc(abandoned.id)
          .update({ created_at: new Date(Date.now() - GUIDE_GIVEN_UP_AFTER_MS - 60_000).toISOString() });
      } finally {
        await deleteApp(admin);
      }

      const swept = await runSweepGuides();
      expect(swept.status).toBe(200);
      const given = (await api.call('GET', `/api/trips/${abandoned.id}`, { token })).body as TripView;
      expect(given).toMatchObject({ guide_status: 'fallback', recommendations_provider: 'offline' });
      expect(Object.keys(parseRecommendations(given.recommendations).guide!.itinerary)).toHaveLength(5);
      expect((await api.store.trips.get(recent.id))?.guide_status).toBe('writing');
      // Nothing more to do on the next run; the recent trip is left to its task.
      expect((await runSweepGuides()).status).toBe(200);
      expect((await api.store.trips.get(recent.id))?.guide_status).toBe('writing');
    },
  );
});

// In-process, with the queue and the sweep called directly; the emulator suite runs the real ones (above).
describe.skipIf(targetsEmulatorSuite)(
  'firebase mode on Firestore: Gemini guides go to the task queue',
  () => {
    let standIn: GeminiStandIn;
    let firestore: TestFirestore;
    let api: TestApi;
    /** Cloud Tasks' place: what was queued, or a refusal (the queue cannot be reached). */
    const queued: string[] = [];
    let queueDown = false;
    const queue: GuideQueue = {
      async enqueue(tripId) {
        if (queueDown) throw new Error('Cloud Tasks unavailable');
        queued.push(tripId);
      },
    };
    const logger = pino({ level: 'silent' });
    let config: ReturnType<typeof loadConfig>;
    beforeAll(async () => {
      standIn = await startGeminiStandIn();
      firestore = await startTestFirestore();
      const env = { WAYFARE_BACKEND: 'firebase', JWT_SECRET: TEST_JWT_SECRET, ...geminiEnv(standIn) };
      config = loadConfig({ ...env, LOG_LEVEL: 'silent' });
      const store = createFirestoreStore(firestore.db);
      api = await startTestApi(env, { store, guides: guideJobsFor(config, store, logger, queue) });
    });
    afterAll(async () => {
      await api?.close();
      await firestore?.stop();
      await standIn?.close();
    });

    it('queues the guide and answers "writing"; the task (writeTripGuide) writes it, once', async () => {
      const { token } = await signedInUser(api);
      const res = await createLisbonTrip(api, token);
      expect(res.status).toBe(201);
      expect(res.body.trip.guide_status).toBe('writing');
      expect(queued).toEqual([res.body.id]);
      expect(standIn.received).toBe(0); // nothing was written in the request

      // What the writeGuide task runs (index.ts → firebase-app.ts), here twice as a retried task would.
      const provider = guideProviderFor(config, logger);
      await writeTripGuide(api.store, provider, res.body.id, logger);
      await writeTripGuide(api.store, provider, res.body.id, logger);
      expect(standIn.received).toBe(1);
      const written = (await api.call('GET', `/api/trips/${res.body.id}`, { token })).body as TripView;
      expect(written).toMatchObject({ guide_status: 'ready', recommendations_provider: 'gemini' });
    });

    it('gives a guide no task finished the offline guide, as the fallback, once it is given up on', async () => {
      const { token } = await signedInUser(api);
      const res = await createLisbonTrip(api, token);
      const created = Date.parse(res.body.trip.created_at);
      // The scheduled sweep, before and after the trip is given up on.
      expect(await finishAbandonedGuides(api.store, created + 60_000)).toBe(0);
      expect((await api.store.trips.get(res.body.id))?.guide_status).toBe('writing');
      expect(
        await finishAbandonedGuides(api.store, created + GUIDE_GIVEN_UP_AFTER_MS),
      ).toBeGreaterThanOrEqual(1);
      const swept = (await api.call('GET', `/api/trips/${res.body.id}`, { token })).body as TripView;
      expect(swept).toMatchObject({ guide_status: 'fallback', recommendations_provider: 'offline' });
      expect(swept.attractions.length).toBeGreaterThan(0);
    });

    it('writes the offline guide as the fallback at once when the task cannot be queued', async () => {
      const { token } = await signedInUser(api);
      queueDown = true;
      const res = await createLisbonTrip(api, token);
      queueDown = false;
      expect(res.status).toBe(201);
      expect(res.body.trip).toMatchObject({ guide_status: 'fallback', recommendations_provider: 'offline' });
      expect(Object.keys(parseRecommendations(res.body.trip.recommendations).guide!.itinerary)).toHaveLength(
        4,
      );
    });
  },
);

describe('guide jobs in one embedded process', () => {
  it('writes at most the given number at once, the rest in order, each trip once', async () => {
    const running: string[] = [];
    const finish = new Map<string, () => void>();
    const started: string[] = [];
    const jobs = inProcessGuideJobs(
      (tripId) =>
        new Promise<void>((resolve) => {
          started.push(tripId);
          running.push(tripId);
          finish.set(tripId, () => {
            running.splice(running.indexOf(tripId), 1);
            resolve();
          });
        }),
      pino({ level: 'silent' }),
      2,
    );
    for (const id of ['a', 'b', 'c', 'a', 'd']) await jobs.start(id);
    expect(running).toEqual(['a', 'b']);
    finish.get('a')?.();
    await new Promise((resolve) => setImmediate(resolve));
    expect(running).toEqual(['b', 'c']);
    finish.get('b')?.();
    finish.get('c')?.();
    await new Promise((resolve) => setImmediate(resolve));
    expect(running).toEqual(['d']);
    const idle = jobs.idle();
    finish.get('d')?.();
    await idle;
    expect(started).toEqual(['a', 'b', 'c', 'd']);
  });

  it('writes at start-up the guides a stopped server left "writing"', async () => {
    const standIn = await startGeminiStandIn();
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'wayfare-guides-'));
    const store = openSqliteStore(path.join(dir, 'wayfare.db'));
    try {
      const owner = await store.users.create(newUser());
      const left = await store.trips.create(
        owner.id,
        newTrip({
          guide_status: 'writing',
          recommendations: null,
          recommendations_provider: null,
          attractions: [],
          preferences: { destination: 'Lisbon, Portugal', interests: ['Food & Dining'], travelStyle: 'Solo' },
        }),
      );
      const done = await store.trips.create(owner.id, newTrip());

      const config = loadConfig({ WAYFARE_DATA_DIR: dir, LOG_LEVEL: 'silent', ...geminiEnv(standIn) });
      // As server.ts builds them with a Gemini key: the in-process runner.
      const logger = pino({ level: 'silent' });
      const provider = guideProviderFor(config, logger);
      const jobs = inProcessGuideJobs((tripId) => writeTripGuide(store, provider, tripId, logger), logger);
      expect(await resumeUnwrittenGuides(store, jobs)).toBe(1);
      await jobs.idle();

      const resumed = await store.trips.get(left.id);
      expect(resumed).toMatchObject({ guide_status: 'ready', recommendations_provider: 'gemini' });
      // The trip's own days (2027-04-10 to 14): five, as the stored dates say.
      expect(Object.keys(parseRecommendations(resumed!.recommendations).guide!.itinerary)).toHaveLength(5);
      expect(await store.trips.get(done.id)).toEqual(done);
      expect(standIn.received).toBe(1);
    } finally {
      await store.close();
      await standIn.close();
      fs.rmSync(dir, { recursive: true, force: true });
    }
  });
});
