import { useQuery } from '@tanstack/react-query';
import { cityPhoto, endpointUrl, placePhotoResponseSchema, type PlacePhotoResponse } from '@wayfare/contract';
import { apiFetchChecked } from '@/shared/api';
import { queryKeys } from '@/shared/query/queryKeys';

export interface CityPhotoQuery {
  city: string;
  maxWidth: number;
  lat?: number | null;
  lng?: number | null;
}

/** Where a city photo is asked: GET /api/places/photo for members, or elsewhere (a share link's own address). */
export type CityPhotoPathOf = (query: CityPhotoQuery) => string;

export const cityPhotoPath: CityPhotoPathOf = ({ city, maxWidth, lat, lng }) =>
  endpointUrl(cityPhoto, {
    query:
      typeof lat === 'number' && typeof lng === 'number' ? { city, maxWidth, lat, lng } : { city, maxWidth },
  });

type Found = Extract<PlacePhotoResponse, { success: true }>;

const found = (answer: PlacePhotoResponse): Found | null => (answer.success ? answer : null);

/**
 * The city's photo from GET /api/places/photo (spec §7), or from the address `pathOf` gives: undefined while
 * asking, null when there is none or the call failed (the gradient placeholder then stays). Nothing is asked
 * without a city (e.g. beside an upload). One request per address for the whole visit (a list of trips to the same
 * city asks once); a failed one is asked again when a photo of that city next shows.
 */
export function useCityPhoto(
  { city, maxWidth, lat, lng }: CityPhotoQuery,
  pathOf: CityPhotoPathOf = cityPhotoPath,
): Found | null | undefined {
  const path = city.trim() ? pathOf({ city, maxWidth, lat, lng }) : null;
  const { data, isError } = useQuery({
    queryKey: queryKeys.cityPhoto(path ?? ''),
    queryFn: ({ signal }) => apiFetchChecked(placePhotoResponseSchema, path ?? '', { signal }),
    enabled: path !== null,
    staleTime: Infinity,
    retry: false,
    select: found,
  });
  if (!path || isError) return null;
  return data;
}
