import type { WeatherDay, WeatherIcon } from '@wayfare/contract';

/** FNV-1a: a small, stable hash, so the same trip and date always get the same estimate (no flicker). */
function hash(text: string): number {
  let h = 0x811c9dc5;
  for (let i = 0; i < text.length; i += 1) {
    h ^= text.charCodeAt(i);
    h = Math.imul(h, 0x01000193);
  }
  return h >>> 0;
}

const unit = (seed: string, salt: string) => hash(`${seed}|${salt}`) / 2 ** 32;
const clamp = (value: number, low: number, high: number) => Math.min(high, Math.max(low, value));

const SKIES: ReadonlyArray<[string, WeatherIcon]> = [
  ['Sunny', 'sun'],
  ['Partly cloudy', 'partly-cloudy'],
  ['Cloudy', 'cloud'],
  ['Light rain', 'rain'],
];

/**
 * The offline estimate of one day (no forecast key, or the forecast failed): shaped by latitude and season, so a
 * Reykjavik winter reads colder than a Bangkok one, with a stable jitter seeded by `seed` (trip and date), and
 * always inside the spec's ranges: minimum 10–24 °C, maximum the minimum plus 5–14.
 */
export function estimateDay(seed: string, latitude: number, date: string): WeatherDay {
  const start = Date.UTC(Number(date.slice(0, 4)), 0, 1);
  const dayOfYear = (Date.parse(`${date}T00:00:00Z`) - start) / 86_400_000;
  // +1 in mid-July, -1 in mid-January; the southern hemisphere has its seasons the other way round.
  const season = Math.cos(((dayOfYear - 196) / 365.25) * 2 * Math.PI) * Math.sign(latitude || 1);
  const distance = Math.min(Math.abs(latitude), 70);
  const min = clamp(
    Math.round(21 - distance * 0.2 + season * distance * 0.12 + (unit(seed, 'min') - 0.5) * 4),
    10,
    24,
  );
  const max = min + 5 + Math.floor(unit(seed, 'spread') * 10);
  const [text, icon] = SKIES[Math.floor(unit(seed, 'sky') * SKIES.length)] as [string, WeatherIcon];
  return { date, min_c: min, max_c: max, avg_c: Math.round((min + max) / 2), text, icon, estimate: true };
}
