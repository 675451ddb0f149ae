import { useEffect, useState } from 'react';
import type { PlacePhotoResponse } from '@wayfare/contract';
import { apiFetch } from '../../shared/api';

export interface CityPhotoQuery {
  city: string;
  maxWidth: number;
  lat?: number | null;
  lng?: number | null;
}

/** One request per city and width while the page lives: a list of trips to the same city asks once. */
const answers = new Map<string, Promise<PlacePhotoResponse>>();

export function cityPhotoPath({ city, maxWidth, lat, lng }: CityPhotoQuery): string {
  const query = new URLSearchParams({ city, maxWidth: String(maxWidth) });
  if (typeof lat === 'number' && typeof lng === 'number') {
    query.set('lat', String(lat));
    query.set('lng', String(lng));
  }
  return `/api/places/photo?${query}`;
}

function fetchCityPhoto(path: string): Promise<PlacePhotoResponse> {
  let answer = answers.get(path);
  if (!answer) {
    answer = apiFetch<PlacePhotoResponse>(path).catch((error: unknown) => {
      answers.delete(path); // offline or refused: ask again next time
      throw error;
    });
    answers.set(path, answer);
  }
  return answer;
}

type Found = Extract<PlacePhotoResponse, { success: true }>;

/**
 * The city's photo from GET /api/places/photo (spec §7): undefined while asking, null when there is none or the
 * call failed (the gradient placeholder then stays). Nothing is asked without a city (e.g. beside an upload).
 */
export function useCityPhoto({ city, maxWidth, lat, lng }: CityPhotoQuery): Found | null | undefined {
  const path = city.trim() ? cityPhotoPath({ city, maxWidth, lat, lng }) : null;
  const [loaded, setLoaded] = useState<{ path: string; photo: Found | null } | null>(null);
  useEffect(() => {
    if (!path) return;
    let live = true;
    fetchCityPhoto(path).then(
      (answer) => live && setLoaded({ path, photo: answer.success ? answer : null }),
      () => live && setLoaded({ path, photo: null }),
    );
    return () => {
      live = false;
    };
  }, [path]);
  if (!path) return null;
  return loaded?.path === path ? loaded.photo : undefined;
}
