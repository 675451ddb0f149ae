/** Public surface of the sharing feature: The trip's share and invite links dialog (the shared trip screen loads lazily from its own file). Other features and the app import only this. */
export { TripLinksDialog } from './TripLinksDialog';
