/** What weather offers the other features: the forecast service's type (the shared trip page asks it). */
export type { WeatherService } from './routes';
