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
} from '../contract/src/endpoints';

/**
 * The reads the service worker keeps for offline use (vite.config.ts, in src/shared/offline/apiCache.ts's cache):
 * the trip list and each trip (with its guide and plans), its weather, its ledger (participants, expenses,
 * settlements), the split overview and city photos; not the live stream. Read at build time alone, from the
 * contract's source as vite-first-load.ts reads it, so the app's bundle does not carry these entries.
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
