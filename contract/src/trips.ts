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

export const tripIdParamsSchema = z.object({ tripId: recordId('Trip id') });
