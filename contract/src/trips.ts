import { z } from 'zod';

export type TripRole = 'owner' | 'participant';

/** A sight on the trip map. */
export interface Attraction {
  key: string;
  name: string;
  location: { lat: number; lng: number };
  kind?: string;
}

export const tripIdParamsSchema = z.object({
  tripId: z.string().trim().min(1, 'Trip id is required').max(128, 'Trip id is too long'),
});
