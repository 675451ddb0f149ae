import { tripWeather } from '@wayfare/contract';
import { callEndpoint } from '@/shared/callEndpoint';

export const fetchTripWeather = (tripId: string, signal?: AbortSignal) =>
  callEndpoint(tripWeather, { params: { tripId }, signal });
