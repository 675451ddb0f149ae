/** Public surface of the invitations feature: Pending trip invitations, shown on the trips list and the split overview. Other features and the app import only this. */
export { PendingInvitations } from './PendingInvitations';
