/** Public surface of the join feature: the guest session's banner the app shell shows (the join page loads lazily). */
export { GuestBanner } from './GuestBanner';
