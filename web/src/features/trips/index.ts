/** Public surface of the trips feature: Trip wording, the trip photo and the trip query other features show trips with. Other features and the app import only this. */
export { ordinal, peopleLabel } from './format';
export { CityPhotoCredit, TripPhoto } from './TripPhoto';
export { LeaveTripDialog } from './LeaveTripDialog';
export { isNotFound, tripQuery } from './queries';
export { fetchTrip } from './tripsApi';
export { TripsLoadingFrame } from './TripsFrame';
