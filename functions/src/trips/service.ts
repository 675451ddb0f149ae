import { randomUUID } from 'node:crypto';
import type { TripSummary, TripView, UpdateTripBody } from '@wayfare/contract';
import { sniffTripImage, type TripImages } from '../files/trip-images';
import { HttpError } from '../http/errors';
import type { Store, TripRecord } from '../store/types';
import { requireTripMember, requireTripOwner, TRIP_NOT_FOUND } from './access';
import { toTripSummary, toTripView } from './view';

export const UNSUPPORTED_IMAGE = 'Upload a JPEG, PNG, WebP or GIF image';

/** Reading, editing and deleting trips (creation lives in create-service.ts). */
export function createTripService(store: Store, images: TripImages) {
  async function view(trip: TripRecord, role: TripView['user_role']): Promise<TripView> {
    // Members are counted, not loaded: a trip of 10k members answers as fast as one of two.
    const [participantCount, owner, plans] = await Promise.all([
      store.trips.countMembers(trip.id),
      store.users.findById(trip.owner_id),
      store.plans.list(trip.id),
    ]);
    const ownerUsername = owner?.username ?? '';
    return toTripView(trip, { role, participantCount, ownerUsername }, plans, images.urls);
  }

  /** Stores the upload under a fresh key (so its URL changes) after checking its real type. */
  async function storeImage(tripId: string, data: Buffer): Promise<string> {
    const type = await sniffTripImage(data);
    if (!type) throw new HttpError(415, UNSUPPORTED_IMAGE);
    const key = `trips/${tripId}/${randomUUID()}.${type.ext}`;
    await images.files.put(key, data, type.mime);
    return key;
  }

  return {
    async list(userId: string): Promise<TripSummary[]> {
      const trips = await store.trips.listForUser(userId);
      return trips.map((trip) =>
        toTripSummary(
          trip,
          { role: trip.role, participantCount: trip.member_count, ownerUsername: trip.owner_username },
          images.urls,
        ),
      );
    },

    async get(tripId: string, userId: string): Promise<TripView> {
      const { trip, role } = await requireTripMember(store, tripId, userId);
      return view(trip, role);
    },

    /** Any member may edit the trip's details and image; the old image goes once the new one is saved. */
    async update(tripId: string, userId: string, body: UpdateTripBody, image?: Buffer): Promise<TripView> {
      const { trip, role } = await requireTripMember(store, tripId, userId);
      const imagePath = image ? await storeImage(tripId, image) : undefined;
      const discardNewImage = async () => {
        if (imagePath) await images.files.delete(imagePath);
      };
      const updated = await store.trips
        .update(tripId, { ...body, image_path: imagePath })
        .catch(async (err) => {
          await discardNewImage();
          throw err;
        });
      if (!updated) {
        await discardNewImage();
        throw new HttpError(404, TRIP_NOT_FOUND);
      }
      if (imagePath && trip.image_path) await images.files.delete(trip.image_path);
      return view(updated, role);
    },

    /** Only the owner deletes a trip; its plans, members and money go with it, then its image. */
    async delete(tripId: string, userId: string): Promise<void> {
      const { trip } = await requireTripOwner(store, tripId, userId, 'delete this trip');
      await store.trips.delete(tripId);
      if (trip.image_path) await images.files.delete(trip.image_path);
    },
  };
}
