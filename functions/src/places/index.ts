/** What places offers the other features: the city photo provider's type (the shared trip page asks it). */
export type { PhotoProvider } from './photos';
