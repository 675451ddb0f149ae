/** Public surface of the weather feature: The trip's forecast: its hook, badge and source note. Other features and the app import only this. */
export { useTripWeather, WEATHER_UNAVAILABLE, type TripWeatherState } from './useTripWeather';
export { WeatherBadge } from './WeatherBadge';
export { WeatherSourceNote } from './WeatherSourceNote';
