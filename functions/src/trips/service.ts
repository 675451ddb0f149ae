import { createHash, randomUUID } from 'node:crypto';
import { LRUCache } from 'lru-cache';
import type { TripSummary, TripView, UpdateTripBody } from '@wayfare/contract';
import { createKeyedQueue } from '../files/keyed-queue';
import { deleteReceiptFiles } from '../files/receipts';
import { sniffTripImage, type TripImages } from '../files/trip-images';
import { createEncodedBodies, type BodyEncoding } from '../http/encoded-bodies';
import { HttpError } from '../http/errors';
import type { LedgerEvents } from '../split/events';
import { jsonOf, type Json } from '../split/typed-json';
import type { Store, TripRecord } from '../store/types';
import { requireTripMember, requireTripOwner, TRIP_NOT_FOUND } from './access';
import { toTripSummary, toTripView } from './view';

export const UNSUPPORTED_IMAGE = 'Upload a JPEG, PNG, WebP or GIF image';

/** Reading, editing and deleting trips (creation lives in create-service.ts). */
export function createTripService(store: Store, images: TripImages, events?: Pick<LedgerEvents, 'endTrip'>) {
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

  async function list(userId: string, nowMs: number): Promise<TripSummary[]> {
    const trips = await store.trips.listForUser(userId);
    return trips.map((trip) =>
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
      ),
    );
  }

  // Each user's list as JSON, under the store's change count and the image links' expiry: any write to the store
  // (a trip, a member, an expense, a name) moves the count, so an entry is current while both are unchanged.
  const lists = new LRUCache<string, { version: string; json: Json<TripSummary[]>; etag: string }>({
    maxSize: 16 * 1024 * 1024,
    sizeCalculation: (entry) => entry.json.length + entry.etag.length,
  });
  const encodedLists = createEncodedBodies(16 * 1024 * 1024);

  return {
    /**
     * The user's trips as the JSON text of the answer, in `encoding`, with its ETag. Where the store can say that
     * nothing changed (the embedded one), the text and its compressed body are made once per change rather than
     * per request.
     */
    async listJson(userId: string, encoding: BodyEncoding | null): Promise<{ body: Buffer; etag: string }> {
      const nowMs = Date.now();
      const changes = store.changeCount();
      const version = `${changes}\n${images.urls.expiresAt(nowMs)}`;
      let entry = changes === null ? undefined : lists.get(userId);
      if (entry?.version !== version) {
        const json = jsonOf(await list(userId, nowMs));
        const etag = `W/"${createHash('sha1').update(json).digest('base64url')}"`;
        entry = { version, json, etag };
        if (changes !== null) lists.set(userId, entry);
      }
      const { json, etag } = entry;
      return { body: encoding ? encodedLists.encode(etag, encoding, () => json) : json, etag };
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
