/** The sights a day is built from: the curated landmarks and the districts and towns around the city. */
import type { InterestOption } from '@wayfare/contract';
import { cityIndex, distanceKm, foldName, type City } from '../../places/cities';
import { LANDMARKS, type SightKind } from '../data/landmarks';

export interface Sight {
  name: string;
  kind: SightKind | 'district' | 'town';
  lat: number;
  lng: number;
  /** Day trips: distance from the centre in km. */
  km?: number;
}

const INTEREST_KINDS: Record<InterestOption, ReadonlyArray<Sight['kind']>> = {
  'Culture & History': ['museum', 'historic', 'religious', 'landmark'],
  'Nature & Adventure': ['nature', 'park', 'viewpoint', 'beach'],
  'Food & Dining': ['market'],
  Shopping: ['shopping', 'market'],
  Relaxation: ['park', 'beach', 'viewpoint'],
  Nightlife: ['nightlife', 'neighbourhood'],
};

export const KIND_NOTES: Record<Sight['kind'], string> = {
  museum: 'a museum worth two to three hours, with timed tickets online to skip the queue',
  historic:
    'a historic landmark, best early before the tour groups, with a guided visit for the stories behind it',
  religious: 'a landmark place of worship, so dress modestly and keep voices low',
  landmark: 'the classic landmark photo stop, quietest early in the morning',
  park: 'a park to slow down in, with space for a picnic',
  viewpoint: 'a viewpoint at its best in clear weather and at golden hour',
  market: 'a market to graze on local specialities, so come hungry and bring small change',
  beach: 'a beach for a swim, so bring water and sun protection and check the flags',
  neighbourhood: 'a neighbourhood to explore without a plan, through its streets, squares and small shops',
  nightlife: 'livelier after dark, with music into the night',
  shopping: 'shopping for local brands and souvenirs',
  nature: 'a nature outing: wear good shoes and start early, before the heat and crowds',
  district: 'a local district to explore on foot, away from the main sights',
  town: 'a change of scene beyond the city',
};

/** The curated sights of the city the trip is in, matched by name and country, else by being within 15 km. */
export function curatedSights(city: City | null, center: { lat: number; lng: number } | null): Sight[] {
  const entry =
    (city &&
      LANDMARKS.find((l) => l.country === city.countryCode && foldName(l.city) === foldName(city.name))) ||
    (center &&
      LANDMARKS.find((l) => {
        const first = l.sights[0];
        return first !== undefined && distanceKm(center, { lat: first[2], lng: first[3] }) < 15;
      })) ||
    null;
  return entry ? entry.sights.map(([name, kind, lat, lng]) => ({ name, kind, lat, lng })) : [];
}

export function interestScore(sight: Sight, interests: InterestOption[]): number {
  return interests.filter((interest) => INTEREST_KINDS[interest].includes(sight.kind)).length;
}

/** Districts and nearby towns from the world-cities data: real names, real coordinates. */
export function surroundings(city: City | null, center: { lat: number; lng: number }) {
  const places = cityIndex().near(center, 150);
  const seen = new Set<string>([city ? foldName(city.name) : '']);
  const fresh = (name: string) => !seen.has(foldName(name)) && Boolean(seen.add(foldName(name)));
  // Named districts of the city first, then small places just around it.
  const districts: Sight[] = places
    .filter(
      ({ city: p, km }) => km <= 12 && (p.featureCode === 'PPLX' || (km <= 8 && p.population < 250_000)),
    )
    .sort((a, b) => Number(b.city.featureCode === 'PPLX') - Number(a.city.featureCode === 'PPLX'))
    .filter(({ city: p }) => fresh(p.name))
    .slice(0, 10)
    .map(({ city: p }) => ({ name: p.name, kind: 'district' as const, lat: p.latitude, lng: p.longitude }));
  const beyond = places.filter(({ city: p, km }) => km >= 30 && p.featureCode !== 'PPLX');
  const sizeable = beyond.filter(({ city: p }) => p.population >= 20_000);
  const towns: Sight[] = (sizeable.length >= 2 ? sizeable : beyond)
    .sort((a, b) => b.city.population - a.city.population)
    .filter(({ city: p }) => fresh(p.name))
    .slice(0, 6)
    .map(({ city: p, km }) => ({
      name: p.name,
      kind: 'town' as const,
      lat: p.latitude,
      lng: p.longitude,
      km: Math.round(km),
    }));
  return { districts, towns };
}

/** Takes the best-scored unused sight, then its nearest unused neighbours, so a day's sights are close together. */
export function takeCluster(pool: Sight[], size: number, score: (s: Sight) => number): Sight[] {
  if (pool.length === 0) return [];
  let best = 0;
  pool.forEach((sight, i) => {
    if (score(sight) > score(pool[best] as Sight)) best = i;
  });
  const anchor = pool.splice(best, 1)[0] as Sight;
  const cluster = [anchor];
  while (cluster.length < size && pool.length > 0) {
    let nearest = 0;
    pool.forEach((sight, i) => {
      if (distanceKm(anchor, sight) < distanceKm(anchor, pool[nearest] as Sight)) nearest = i;
    });
    cluster.push(pool.splice(nearest, 1)[0] as Sight);
  }
  return cluster;
}

export const SLOTS = ['Morning', 'Afternoon', 'Late afternoon'] as const;

export const sightLine = (slot: string, sight: Sight) =>
  `- ${slot}: ${sight.name} — ${KIND_NOTES[sight.kind]}.`;
