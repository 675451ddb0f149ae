/** What fills a day beyond the sights: ideas that work anywhere, the pace, the meals and the evening. */
import type { BudgetOption, InterestOption } from '@wayfare/contract';
import type { GuideRequest } from '../types';
import type { Sight } from './sights';

/** Ideas that work anywhere, for destinations without curated sights or once those run out. */
export const GENERIC_IDEAS: ReadonlyArray<{ title: string; note: string; interests: InterestOption[] }> = [
  {
    title: 'Walking tour of the historic centre',
    note: 'a guided walk is the quickest way to learn the city',
    interests: ['Culture & History'],
  },
  {
    title: 'Main history or art museum',
    note: 'the museum that tells the region’s story, worth two hours',
    interests: ['Culture & History'],
  },
  {
    title: 'Local food market',
    note: 'a market to graze on regional specialities',
    interests: ['Food & Dining', 'Shopping'],
  },
  {
    title: 'Cooking class or food tour',
    note: 'a hands-on class or tasting walk with a local guide',
    interests: ['Food & Dining'],
  },
  {
    title: 'Highest viewpoint',
    note: 'a viewpoint over the rooftops, best at golden hour',
    interests: ['Nature & Adventure', 'Relaxation'],
  },
  {
    title: 'Riverside or waterfront walk',
    note: 'an easy walk along the water with places to stop',
    interests: ['Relaxation'],
  },
  {
    title: 'Main park or botanical garden',
    note: 'a park to slow down in with a book',
    interests: ['Relaxation', 'Nature & Adventure'],
  },
  {
    title: 'Guided nature excursion',
    note: 'a half-day hike or boat trip into the surrounding landscape',
    interests: ['Nature & Adventure'],
  },
  {
    title: 'Half-day bike tour',
    note: 'an easy bike tour that covers more ground than walking',
    interests: ['Nature & Adventure'],
  },
  {
    title: 'Local shopping streets and craft shops',
    note: 'shopping for local crafts and souvenirs',
    interests: ['Shopping'],
  },
  { title: 'Spa or thermal bath', note: 'a slow session at a spa to recharge', interests: ['Relaxation'] },
  {
    title: 'Historic main square and its church or temple',
    note: 'a landmark at the heart of the old town',
    interests: ['Culture & History'],
  },
  {
    title: 'Live music or a local show',
    note: 'a concert or show where locals go',
    interests: ['Nightlife'],
  },
  {
    title: 'Free time to revisit a favourite spot',
    note: 'a flexible slot for what you liked most',
    interests: [],
  },
];

/** Sights per full day: families and business travellers keep a gentler pace. */
export const PACE: Record<string, number> = {
  Family: 2,
  Business: 2,
  Solo: 3,
  Couple: 3,
  'Group of friends': 3,
};

export const MEALS: Record<BudgetOption, { lunch: readonly string[]; dinner: readonly string[] }> = {
  'Budget-friendly': {
    lunch: [
      'street food from the busiest stall',
      'a set-menu lunch at a local canteen',
      'a picnic from a bakery and grocer',
    ],
    dinner: [
      'a family-run eatery where locals queue',
      'a cheap and cheerful noodle or grill house',
      'a lively food hall',
    ],
  },
  Moderate: {
    lunch: [
      'a relaxed bistro lunch of regional dishes',
      'a café lunch with a terrace',
      'small plates at a wine or tapas bar',
    ],
    dinner: [
      'a well-reviewed neighbourhood restaurant',
      'a traditional restaurant known for the regional classics',
      'a modern local kitchen',
    ],
  },
  Luxury: {
    lunch: [
      'a long lunch at a stylish restaurant with a view',
      'lunch at a renowned hotel restaurant',
      'a seafood or grill lunch at a top address',
    ],
    dinner: [
      'a tasting menu at an acclaimed restaurant',
      'dinner at a rooftop restaurant',
      'a chef-led dinner of seasonal dishes',
    ],
  },
  'No limit': {
    lunch: [
      'lunch at a celebrated chef’s table',
      'a private dining experience',
      'a long lunch at a Michelin-starred restaurant',
    ],
    dinner: [
      'dinner at one of the city’s most celebrated restaurants',
      'a private chef experience',
      'a wine-paired tasting menu',
    ],
  },
};

export const cap = (text: string) => text.charAt(0).toUpperCase() + text.slice(1);

/** Picks deterministically: the same trip always gets the same guide. */
export const pick = <T>(items: readonly T[], seed: number): T => items[Math.abs(seed) % items.length] as T;

export function eveningLine(
  request: GuideRequest,
  spots: { night: Sight[]; views: Sight[] },
  day: number,
  place: string,
) {
  const { interests, travelStyle } = request;
  const nightSpot = spots.night.length ? pick(spots.night, day).name : place;
  const view = spots.views.length ? pick(spots.views, day).name : `the best viewpoint of ${place}`;
  const options =
    interests.includes('Nightlife') || travelStyle === 'Group of friends'
      ? [
          `Bar-hop around ${nightSpot} — start with a local drink and follow the music`,
          `Live music in ${nightSpot} — ask locals where the good sets are tonight`,
        ]
      : travelStyle === 'Couple'
        ? [
            `Sunset at ${view} — the romantic golden-hour view of ${place}`,
            `Candle-lit stroll through ${place} by night`,
          ]
        : travelStyle === 'Family'
          ? [
              'Early, unhurried evening near your hotel — a playground or promenade walk before bed',
              `Ice cream and an evening walk in ${place}`,
            ]
          : travelStyle === 'Business'
            ? [
                `Easy walk around ${place} — a low-key way to unwind after meetings`,
                'Quiet drink at a hotel bar with a view',
              ]
            : [
                `Stroll through ${place} after dark — lit-up streets and a relaxed last drink`,
                `Sunset at ${view}`,
              ];
  return `- Evening: ${pick(options, day)}.`;
}
