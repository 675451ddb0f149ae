import { z } from 'zod';
import { BUDGET_OPTIONS, INTEREST_OPTIONS, TRAVEL_STYLE_OPTIONS } from '@wayfare/contract';
import type { Logger } from 'pino';
import { guideProviderFor } from '../ai';
import { offlineGuideProvider } from '../ai/offline-planner';
import type { GuideProvider, GuideRequest } from '../ai/types';
import type { AppConfig } from '../config';
import { cityIndex } from '../places/cities';
import type { Store, TripRecord, WrittenGuide } from '../store/types';

/**
 * Where a new trip's AI guide gets written. `start` hands the trip over and resolves once it is handed over (for a
 * quick writer, once it is written); the trip's guide_status says when it is done.
 */
export interface GuideJobs {
  start(tripId: string): Promise<void>;
}

/** A queue outside this process that later runs writeTripGuide for a trip (firebase mode: Cloud Tasks). */
export interface GuideQueue {
  enqueue(tripId: string): Promise<void>;
}

/** At most this many guides are written at once by one embedded server (each may wait 2 × 45 s on Gemini). */
export const GUIDES_AT_ONCE = 4;

/** The stored answers the guide is written from, read leniently: a trip's preferences are free-form JSON. */
const storedAnswersSchema = z.object({
  destination: z.string().catch(''),
  interests: z.array(z.enum(INTEREST_OPTIONS)).catch([]),
  travelStyle: z.enum(TRAVEL_STYLE_OPTIONS).catch('Solo'),
});
const budgetSchema = z.enum(BUDGET_OPTIONS).catch('Moderate');

/** What the writer is asked, from the trip as stored at creation: its answers, dates and centre. */
export function guideRequestFor(trip: TripRecord): GuideRequest {
  const answers = storedAnswersSchema.parse(trip.preferences ?? {});
  const destination = answers.destination.trim() || trip.city_name;
  const startDate = trip.start_date ?? trip.created_at.slice(0, 10);
  return {
    destination,
    city: cityIndex().find(destination),
    center:
      trip.latitude !== null && trip.longitude !== null ? { lat: trip.latitude, lng: trip.longitude } : null,
    startDate,
    endDate: trip.end_date ?? startDate,
    budget: budgetSchema.parse(trip.budget_range),
    interests: answers.interests,
    travelStyle: answers.travelStyle,
  };
}

/**
 * Writes the guide of a trip still 'writing' and stores it, unless it was finished meanwhile (a repeated job).
 * 'ready' when the writer asked for wrote it; 'fallback' when it fell back to the offline planner (Gemini failed or
 * could not be reached) or threw, in which case the offline planner writes it here.
 */
export async function writeTripGuide(
  store: Store,
  provider: GuideProvider,
  tripId: string,
  logger: Logger,
): Promise<void> {
  const trip = await store.trips.get(tripId);
  if (!trip || trip.guide_status !== 'writing') return;
  const request = guideRequestFor(trip);
  let guide: WrittenGuide;
  try {
    const written = await provider.generate(request);
    guide = {
      recommendations: written.recommendations,
      recommendations_provider: written.provider,
      attractions: written.attractions,
      guide_status: written.provider === provider.name ? 'ready' : 'fallback',
    };
  } catch (err) {
    logger.error({ err, tripId }, 'the guide writer failed: the offline planner writes the guide');
    guide = await offlineFallback(request);
  }
  await store.trips.finishGuide(tripId, guide);
}

async function offlineFallback(request: GuideRequest): Promise<WrittenGuide> {
  const written = await offlineGuideProvider().generate(request);
  return {
    recommendations: written.recommendations,
    recommendations_provider: written.provider,
    attractions: written.attractions,
    guide_status: 'fallback',
  };
}

/** A quick writer (the offline planner, about a millisecond): written before start() resolves, in the request. */
function inlineGuideJobs(write: (tripId: string) => Promise<void>): GuideJobs {
  return { start: write };
}

/**
 * Embedded mode: a bounded in-process runner. At most `atOnce` guides are written at once, the rest wait in order;
 * a trip already waiting or being written is not taken twice. Nothing survives a restart: the server resumes the
 * trips left 'writing' at start-up (resumeUnwrittenGuides). `idle` resolves when every job started has finished.
 */
export function inProcessGuideJobs(
  write: (tripId: string) => Promise<void>,
  logger: Logger,
  atOnce = GUIDES_AT_ONCE,
): GuideJobs & { idle(): Promise<void> } {
  const waiting: string[] = [];
  const taken = new Set<string>();
  let running = 0;
  let whenIdle: Array<() => void> = [];

  const next = () => {
    while (running < atOnce && waiting.length) {
      const tripId = waiting.shift() as string;
      running += 1;
      write(tripId)
        .catch((err: unknown) => logger.error({ err, tripId }, 'could not write the guide'))
        .finally(() => {
          running -= 1;
          taken.delete(tripId);
          next();
        });
    }
    if (running === 0 && waiting.length === 0) {
      whenIdle.forEach((resolve) => resolve());
      whenIdle = [];
    }
  };

  return {
    async start(tripId) {
      if (taken.has(tripId)) return;
      taken.add(tripId);
      waiting.push(tripId);
      next();
    },
    idle() {
      if (running === 0 && waiting.length === 0) return Promise.resolve();
      return new Promise((resolve) => whenIdle.push(resolve));
    },
  };
}

/**
 * Firebase mode: the guide is written by a task outside the request (a Cloud Function answering a request gets
 * little CPU once it has answered). When the task cannot be queued, the offline guide is written at once as the
 * fallback, so no trip waits for a task that will never come.
 */
function queuedGuideJobs(queue: GuideQueue, store: Store, logger: Logger): GuideJobs {
  return {
    async start(tripId) {
      try {
        await queue.enqueue(tripId);
      } catch (err) {
        logger.error({ err, tripId }, 'could not queue the guide: the offline planner writes it');
        const trip = await store.trips.get(tripId);
        if (trip) await store.trips.finishGuide(tripId, await offlineFallback(guideRequestFor(trip)));
      }
    },
  };
}

/**
 * The guide jobs for this configuration: written in the request by the offline planner (no Gemini key: quick and
 * certain), else in the background — on the given queue (firebase mode) or in this process (embedded).
 */
export function guideJobsFor(config: AppConfig, store: Store, logger: Logger, queue?: GuideQueue): GuideJobs {
  const provider = guideProviderFor(config, logger);
  const write = (tripId: string) => writeTripGuide(store, provider, tripId, logger);
  if (provider.name === 'offline') return inlineGuideJobs(write);
  if (queue) return queuedGuideJobs(queue, store, logger);
  return inProcessGuideJobs(write, logger);
}

/**
 * Embedded start-up: the trips a stopped server left 'writing' are written again by the configured writer (Gemini
 * gets its chance again; without a key the offline planner writes them at once). How many were resumed.
 */
export async function resumeUnwrittenGuides(store: Store, jobs: GuideJobs): Promise<number> {
  const tripIds = await store.trips.listWritingGuides();
  await Promise.all(tripIds.map((tripId) => jobs.start(tripId)));
  return tripIds.length;
}

/**
 * How long a guide may stay 'writing' before it is given up on: past every attempt a job makes (a writeGuide task:
 * three attempts of up to 300 s, with back-off between them).
 */
export const GUIDE_GIVEN_UP_AFTER_MS = 30 * 60_000;

/**
 * Firebase mode's sweep: trips still 'writing' GUIDE_GIVEN_UP_AFTER_MS after they were stored get the offline guide
 * as the fallback (a job that died where nothing retries it). How many were finished.
 */
export async function finishAbandonedGuides(store: Store, now = Date.now()): Promise<number> {
  let finished = 0;
  for (const tripId of await store.trips.listWritingGuides()) {
    const trip = await store.trips.get(tripId);
    if (!trip || now - Date.parse(trip.created_at) < GUIDE_GIVEN_UP_AFTER_MS) continue;
    if (await store.trips.finishGuide(tripId, await offlineFallback(guideRequestFor(trip)))) finished += 1;
  }
  return finished;
}
