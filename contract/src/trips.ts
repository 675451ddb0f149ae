import { z } from 'zod';
import { recordId } from './ids';

export type TripRole = 'owner' | 'participant';

/** A sight on the trip map. */
export interface Attraction {
  key: string;
  name: string;
  location: { lat: number; lng: number };
  kind?: string;
}

/** An attraction as answers carry it (the trip view, a share link's trip). */
export const attractionSchema = z.strictObject({
  key: z.string(),
  name: z.string(),
  location: z.strictObject({ lat: z.number(), lng: z.number() }),
  kind: z.string().optional(),
}) satisfies z.ZodType<Attraction>;

export const tripIdParamsSchema = z.object({ tripId: recordId('Trip id') });
