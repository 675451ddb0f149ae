/** Public surface of the home feature: The home screen, in the first bundle. Other features and the app import only this. */
export { HomePage } from './HomePage';
