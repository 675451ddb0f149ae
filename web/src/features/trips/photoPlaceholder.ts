/**
 * The generated placeholder for a trip without a photo (spec §8): a gradient and emoji picked from the city name.
 * Every gradient is dark enough for white text at WCAG AA.
 */
const GRADIENTS = [
  ['#0d5c66', '#0b3c45'],
  ['#a8432a', '#c4512f'],
  ['#0b3c45', '#0f6b74'],
  ['#5b3470', '#a8432a'],
  ['#1d4f73', '#1d5f8a'],
  ['#6e4716', '#8a5a1d'],
] as const;
const EMOJI = ['✈️', '🌍', '🗺️', '🏖️', '🏔️', '🏛️'] as const;

export function photoPlaceholder(place: string) {
  let hash = 0;
  for (const char of place) hash = (hash * 31 + (char.codePointAt(0) ?? 0)) >>> 0;
  const [from, to] = GRADIENTS[hash % GRADIENTS.length] as readonly [string, string];
  return { from, to, emoji: EMOJI[(hash >>> 3) % EMOJI.length] as string };
}
