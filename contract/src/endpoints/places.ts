import {
  citySearchQuerySchema,
  citySuggestionsResponseSchema,
  placePhotoQuerySchema,
  placePhotoResponseSchema,
} from '../question-flow';
import { tripWeatherSchema } from '../trip-views';
import { tripIdParamsSchema } from '../trips';
import { endpoint } from './endpoint';

/** The keyless city autocomplete (bundled world-cities data). */
export const searchCities = endpoint({
  method: 'GET',
  path: '/places/cities',
  query: citySearchQuerySchema,
  answer: citySuggestionsResponseSchema,
  status: 200,
});

export const cityPhoto = endpoint({
  method: 'GET',
  path: '/places/photo',
  query: placePhotoQuerySchema,
  answer: placePhotoResponseSchema,
  status: 200,
});

export const tripWeather = endpoint({
  method: 'GET',
  path: '/trips/:tripId/weather',
  params: tripIdParamsSchema,
  answer: tripWeatherSchema,
  status: 200,
});
