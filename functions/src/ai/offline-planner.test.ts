import { describe, expect, it } from 'vitest';
import {
  addDays,
  BUDGET_OPTIONS,
  guideTotalPerPersonUsdCents,
  itineraryToItems,
  parseRecommendations,
  type BudgetOption,
  type InterestOption,
  type TravelStyleOption,
} from '@wayfare/contract';
import { cityIndex, distanceKm } from '../places/cities';
import { LANDMARKS } from './data/landmarks';
import { offlineGuideProvider, planOffline } from './offline-planner';
import type { GuideRequest } from './types';

function request(
  destination: string,
  days: number,
  options: { budget?: BudgetOption; interests?: InterestOption[]; travelStyle?: TravelStyleOption } = {},
): GuideRequest {
  const city = cityIndex().find(destination);
  const startDate = '2027-07-01';
  return {
    destination,
    city,
    center: city && { lat: city.latitude, lng: city.longitude },
    startDate,
    endDate: addDays(startDate, days - 1),
    budget: options.budget ?? 'Moderate',
    interests: options.interests ?? ['Culture & History'],
    travelStyle: options.travelStyle ?? 'Couple',
  };
}

describe('the curated landmarks', () => {
  it('cover at least 100 cities with 5+ sights each, every sight within 30 km of its city', () => {
    expect(LANDMARKS.length).toBeGreaterThanOrEqual(100);
    const problems: string[] = [];
    for (const { city, country, sights } of LANDMARKS) {
      const found = cityIndex().find(`${city}, ${country}`);
      if (!found || found.countryCode !== country) {
        problems.push(`${city}, ${country}: not in the city data`);
        continue;
      }
      if (sights.length < 5) problems.push(`${city}: only ${sights.length} sights`);
      for (const [name, , lat, lng] of sights) {
        const km = distanceKm({ lat: found.latitude, lng: found.longitude }, { lat, lng });
        if (km > 30) problems.push(`${city}: ${name} is ${Math.round(km)} km away`);
      }
    }
    expect(problems).toEqual([]);
  });

  it('name no city twice', () => {
    const keys = LANDMARKS.map((l) => `${l.city}|${l.country}`);
    expect(new Set(keys).size).toBe(keys.length);
  });
});

describe('the offline planner', () => {
  it('writes a full guide that the shared parser reads as JSON, one itinerary day per trip day', async () => {
    const result = await offlineGuideProvider().generate(request('Lisbon', 5));
    expect(result.provider).toBe('offline');
    const parsed = parseRecommendations(result.recommendations);
    expect(parsed.strategy).toBe('json');
    const guide = parsed.guide!;
    expect(Object.keys(guide.itinerary)).toEqual(['day1', 'day2', 'day3', 'day4', 'day5']);
    for (const section of [
      'budget',
      'packing',
      'transportation',
      'cultural_tips',
      'safety_considerations',
    ] as const) {
      expect(guide[section].length).toBeGreaterThan(20);
    }
    expect(guide.safety_considerations).toContain('112');
    expect(result.attractions.length).toBeGreaterThanOrEqual(5);
    for (const a of result.attractions) {
      expect(distanceKm({ lat: 38.717, lng: -9.133 }, a.location)).toBeLessThan(150);
    }
  });

  it('is deterministic and makes every day different', () => {
    const first = planOffline(request('Tokyo', 7));
    expect(planOffline(request('Tokyo', 7))).toEqual(first);
    const plans = Object.values(first.guide.itinerary).map((d) => d.day_plan);
    expect(new Set(plans).size).toBe(plans.length);
    expect(plans.join('\n')).toContain('Sensō-ji Temple');
  });

  it('is useful for a city without curated sights: districts, nearby towns, no repeated day', () => {
    const { guide } = planOffline(
      request('Tromsø', 6, { interests: ['Nature & Adventure'], travelStyle: 'Solo' }),
    );
    const plans = Object.values(guide.itinerary).map((d) => d.day_plan);
    expect(new Set(plans).size).toBe(6);
    expect(plans.join('\n')).toMatch(/Day trip to \S+/);
    expect(guide.packing).toContain('Hiking shoes');
  });

  it('puts the traveller’s interests first', () => {
    const culture = planOffline(request('Paris', 3, { interests: ['Culture & History'] })).guide.itinerary
      .day2!.day_plan;
    const nature = planOffline(request('Paris', 3, { interests: ['Relaxation'] })).guide.itinerary.day2!
      .day_plan;
    expect(culture).toMatch(/Louvre|Orsay|Notre-Dame/);
    expect(nature).toMatch(/Jardin du Luxembourg|Sacré-Cœur/);
    const nightlife = planOffline(
      request('Berlin', 3, { interests: ['Nightlife'], travelStyle: 'Group of friends' }),
    );
    expect(nightlife.guide.itinerary.day1!.day_plan).toMatch(
      /Evening: (Bar-hop around|Live music in) Kreuzberg/,
    );
  });

  it('scales the budget figures with the budget answer and the trip length', () => {
    const total = (budget: BudgetOption, days: number) =>
      Number(
        /Total: about \$([\d,]+)/
          .exec(planOffline(request('Rome', days, { budget })).guide.budget)?.[1]
          ?.replaceAll(',', ''),
      );
    const totals = BUDGET_OPTIONS.map((b) => total(b, 4));
    expect([...totals].sort((a, b) => a - b)).toEqual(totals);
    expect(total('Moderate', 8)).toBeGreaterThan(total('Moderate', 4) * 1.8);
  });

  it('writes every amount in its guide with en-US thousands separators', () => {
    const { budget } = planOffline(request('Zurich', 10, { budget: 'No limit', travelStyle: 'Solo' })).guide;
    const amounts = budget.match(/\$[\d,]+/g) ?? [];
    expect(amounts).toHaveLength(5);
    expect(amounts.every((a) => /^\$\d{1,3}(,\d{3})*$/.test(a))).toBe(true);
    const total = /Total: about \$(\d{1,3},\d{3}) per person/.exec(budget)?.[1];
    // The trip budget's prefill reads the grouped total back to the same dollars.
    expect(guideTotalPerPersonUsdCents(budget)).toBe(Number(total?.replace(',', '')) * 100);
    expect(budget).toMatch(/Accommodation: about \$\d{1,3}(,\d{3})* a night/);
  });

  it('becomes daily plans: hotel first, sights, restaurants last, nothing duplicated', () => {
    const { guide } = planOffline(request('Barcelona', 4, { interests: ['Food & Dining'] }));
    const items = itineraryToItems(guide, '2027-07-01', '2027-07-04');
    expect(new Set(items.map((i) => i.plan_date))).toEqual(
      new Set(['2027-07-01', '2027-07-02', '2027-07-03', '2027-07-04']),
    );
    expect(items[0]).toMatchObject({ category: 'Hotel', plan_date: '2027-07-01' });
    expect(
      items
        .filter((i) => i.category === 'Restaurant')
        .every((i) => i.order >= 1000 || !/^Lunch|^Dinner/.test(i.description)),
    ).toBe(true);
    expect(
      items.some(
        (i) =>
          i.category === 'Attraction' &&
          /Sagrada Família|Park Güell|Casa Batlló|Gothic Quarter/.test(i.title),
      ),
    ).toBe(true);
  });

  it('writes a guide for a place it does not know at all', () => {
    const { guide, attractions } = planOffline({ ...request('Atlantis', 2), city: null, center: null });
    expect(Object.keys(guide.itinerary)).toHaveLength(2);
    expect(guide.itinerary.day1!.day_plan).toContain('Atlantis');
    expect(attractions).toEqual([]);
  });
});
