import {
  cityPhoto,
  endpointAddressPattern,
  getTrip,
  listExpenses,
  listParticipants,
  listSettlements,
  listTrips,
  splitUserTrips,
  tripWeather,
} from '@wayfare/contract';

/**
 * The reads the service worker keeps for offline use (vite.config.ts, in the API cache of apiCache.ts): the trip
 * list and each trip (with its guide and plans), its weather, its ledger (participants, expenses, settlements), the
 * split overview and city photos; not the live stream. Read at build time alone, so the app's bundle does not carry
 * these entries.
 */
export const OFFLINE_API_READS = endpointAddressPattern([
  listTrips,
  getTrip,
  tripWeather,
  listParticipants,
  listExpenses,
  listSettlements,
  splitUserTrips,
  cityPhoto,
]);
