import { randomUUID } from 'node:crypto';
import type { TripListQuery, TripPage, TripSummary, TripView, UpdateTripBody } from '@wayfare/contract';
import { createKeyedQueue } from '../files/keyed-queue';
import { deleteReceiptFiles } from '../files/receipts';
import { sniffTripImage, type TripImages } from '../files/trip-images';
import type { BodyEncoding } from '../http/encoded-bodies';
import { HttpError } from '../http/errors';
import type { MemberTrip, Store, TripRecord } from '../store/types';
import { requireTripMember, requireTripOwner, TRIP_NOT_FOUND } from './access';
import { createCachedLists, listKey, readTripPage } from './cached-lists';
import { toTripSummary, toTripView } from './view';

export const UNSUPPORTED_IMAGE = 'Upload a JPEG, PNG, WebP or GIF image';

/** Told when a trip is deleted, so its open ledger streams end (split's event bus is one). */
export interface TripEndedListener {
  endTrip(tripId: string): void;
}

/** Reading, editing and deleting trips (creation lives in create-service.ts). */
export function createTripService(store: Store, images: TripImages, events?: TripEndedListener) {
  async function view(trip: TripRecord, userId: string, role: TripView['user_role']): Promise<TripView> {
    // Members are counted, not loaded: a trip of 10k members answers as fast as one of two.
    const [participantCount, owner, plans] = await Promise.all([
      store.trips.countMembers(trip.id),
      store.users.findById(trip.owner_id),
      store.plans.list(trip.id),
    ]);
    const ownerUsername = owner?.username ?? '';
    return toTripView(trip, { userId, role, participantCount, ownerUsername }, plans, images.urls);
  }

  /** Stores the upload under a fresh key (so its URL changes) after checking its real type. */
  async function storeImage(tripId: string, file: string): Promise<string> {
    const type = await sniffTripImage(file);
    if (!type) throw new HttpError(415, UNSUPPORTED_IMAGE);
    const key = `trips/${tripId}/${randomUUID()}.${type.ext}`;
    await images.files.put(key, file, type.mime);
    return key;
  }
  // Image changes and deletion of one trip run one at a time, so each replaced image file is the one removed.
  const oneAtATimePerTrip = createKeyedQueue();

  const summaryOf = (userId: string, nowMs: number) => (trip: MemberTrip) =>
    toTripSummary(
      trip,
      {
        userId,
        role: trip.role,
        participantCount: trip.member_count,
        ownerUsername: trip.owner_username,
        addedByUsername: trip.added_by_username,
      },
      images.urls,
      nowMs,
    );
  const cachedJson = createCachedLists(store, images.urls);

  return {
    /**
     * The user's trips as the JSON text of the answer, in `encoding`, with its ETag: all of them as spec §7's list
     * when no page was asked for, else one page (`{ trips, next_cursor }`). Where the store can say that nothing
     * changed (the embedded one), the text and its compressed body are made once per change, not per request.
     */
    async listJson(
      userId: string,
      query: TripListQuery,
      encoding: BodyEncoding | null,
    ): Promise<{ body: Buffer; etag: string }> {
      return cachedJson(
        listKey('trips', userId, query),
        async (nowMs): Promise<TripSummary[] | TripPage> => {
          if (!query.paged) return (await store.trips.listForUser(userId)).map(summaryOf(userId, nowMs));
          const { trips, nextCursor } = await readTripPage(store, userId, query);
          return { trips: trips.map(summaryOf(userId, nowMs)), next_cursor: nextCursor };
        },
        encoding,
      );
    },

    async get(tripId: string, userId: string): Promise<TripView> {
      // The page shows the guide: the whole trip is read, beside the (lean) membership check.
      const [{ role }, trip] = await Promise.all([
        requireTripMember(store, tripId, userId),
        store.trips.get(tripId),
      ]);
      if (!trip) throw new HttpError(404, TRIP_NOT_FOUND);
      return view(trip, userId, role);
    },

    /** Any member may edit the trip's details and image; the old image goes once the new one is saved. */
    async update(tripId: string, userId: string, body: UpdateTripBody, image?: string): Promise<TripView> {
      const { role } = await requireTripMember(store, tripId, userId);
      const imagePath = image ? await storeImage(tripId, image) : undefined;
      const discardNewImage = async () => {
        if (imagePath) await images.files.delete(imagePath);
      };
      const updated = await oneAtATimePerTrip(tripId, async () => {
        const previous = imagePath && (await store.trips.listFields(tripId))?.image_path;
        const saved = await store.trips.update(tripId, { ...body, image_path: imagePath });
        if (saved && previous) await images.files.delete(previous);
        return saved;
      }).catch(async (err) => {
        await discardNewImage();
        throw err;
      });
      if (!updated) {
        await discardNewImage();
        throw new HttpError(404, TRIP_NOT_FOUND);
      }
      return view(updated, userId, role);
    },

    /**
     * Only the owner deletes a trip; its plans, members and money go with it, then its image and its expenses'
     * receipt files (one attached while the trip was being deleted is left to the embedded server's orphan sweep).
     */
    async delete(tripId: string, userId: string): Promise<void> {
      await requireTripOwner(store, tripId, userId, 'delete this trip');
      const { imagePath, receipts } = await oneAtATimePerTrip(tripId, async () => {
        const [current, receiptsOfTrip] = await Promise.all([
          store.trips.listFields(tripId),
          store.receipts.listForTrip(tripId),
        ]);
        await store.trips.delete(tripId);
        return { imagePath: current?.image_path, receipts: receiptsOfTrip };
      });
      events?.endTrip(tripId);
      if (imagePath) await images.files.delete(imagePath);
      for (const receipt of receipts) await deleteReceiptFiles(images.files, receipt);
    },
  };
}

export type TripService = ReturnType<typeof createTripService>;
