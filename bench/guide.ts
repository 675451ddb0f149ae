/**
 * AI guide figures: how long the offline planner takes to write a trip's guide (goal: under 50 ms), how fast the
 * shared recommendation parser reads guides by each strategy, the itinerary → plans conversion, and the keyless
 * city search. Figures, not pass/fail.
 */
import {
  addDays,
  itineraryToItems,
  parseRecommendations,
  type BudgetOption,
  type InterestOption,
  type TravelStyleOption,
} from '@wayfare/contract';
import { planOffline } from '../functions/src/ai/offline-planner';
import { LANDMARKS } from '../functions/src/ai/data/landmarks';
import type { GuideRequest } from '../functions/src/ai/types';
import { cityIndex } from '../functions/src/places/cities';
import { median, ms, percentile, type Figure } from './support';

const START = '2027-06-01';

function request(destination: string, days: number, variant = 0): GuideRequest {
  const city = cityIndex().find(destination);
  const budgets: BudgetOption[] = ['Budget-friendly', 'Moderate', 'Luxury', 'No limit'];
  const styles: TravelStyleOption[] = ['Solo', 'Couple', 'Family', 'Group of friends', 'Business'];
  const interests: InterestOption[][] = [
    ['Culture & History'],
    ['Food & Dining', 'Nightlife'],
    ['Nature & Adventure', 'Relaxation'],
  ];
  return {
    destination,
    city,
    center: city && { lat: city.latitude, lng: city.longitude },
    startDate: START,
    endDate: addDays(START, days - 1),
    budget: budgets[variant % budgets.length] as BudgetOption,
    interests: interests[variant % interests.length] as InterestOption[],
    travelStyle: styles[variant % styles.length] as TravelStyleOption,
  };
}

/** Runs fn repeatedly for about `budgetMs` and answers the rate per second. */
function rate(fn: () => unknown, budgetMs = 300): number {
  fn();
  let runs = 0;
  const start = performance.now();
  while (performance.now() - start < budgetMs) {
    fn();
    runs += 1;
  }
  return (runs * 1000) / (performance.now() - start);
}

export async function runGuideBench(): Promise<Figure[]> {
  const rows: Figure[] = [];

  let start = performance.now();
  cityIndex();
  rows.push({
    name: 'guide: city index build (first use, 135k places)',
    value: ms(performance.now() - start),
  });

  // Every curated city, 7 days, rotating budget / style / interests: the per-trip generation time.
  const times: number[] = [];
  LANDMARKS.forEach(({ city, country }, i) => {
    const req = request(`${city}, ${country}`, 7, i);
    const t = performance.now();
    planOffline(req);
    times.push(performance.now() - t);
  });
  times.sort((a, b) => a - b);
  rows.push({
    name: `guide: offline planner, 7-day trip, ${LANDMARKS.length} curated cities`,
    value: `median ${ms(median(times))}, p95 ${ms(percentile(times, 95))}, max ${ms(times[times.length - 1] as number)}`,
  });
  for (const [destination, days] of [
    ['Paris', 14],
    ['Tromsø', 14],
    ['Zzyzx Hollow', 14],
  ] as const) {
    const req = request(destination, days);
    const samples = Array.from({ length: 20 }, () => {
      const t = performance.now();
      planOffline(req);
      return performance.now() - t;
    });
    rows.push({
      name: `guide: offline planner, ${days}-day trip to ${destination}`,
      value: `median ${ms(median(samples))}`,
    });
  }

  const guide = planOffline(request('Rome', 14)).guide;
  const json = JSON.stringify(guide);
  const pretty = JSON.stringify(guide, null, 2);
  const inputs: Array<[string, string]> = [
    ['direct JSON', json],
    ['fenced JSON (repair)', `Here you go:\n\`\`\`json\n${pretty}\n\`\`\``],
    ['truncated JSON (repair)', json.slice(0, Math.floor(json.length * 0.6))],
    [
      'prose by headings',
      Object.values(guide.itinerary)
        .map((d, i) => `Day ${i + 1}\n${d.day_plan}\nFood: ${d.food.replace(/\n/g, ' ')}`)
        .concat(
          `Budget:\n${guide.budget}`,
          `Packing:\n${guide.packing}`,
          `Safety:\n${guide.safety_considerations}`,
        )
        .join('\n'),
    ],
    ['raw text fallback', 'Have a wonderful time in Rome. '.repeat(200)],
  ];
  for (const [label, text] of inputs) {
    const strategy = parseRecommendations(text).strategy;
    const perSecond = rate(() => parseRecommendations(text));
    const mbPerSecond = (perSecond * text.length) / 1e6;
    rows.push({
      name: `guide: parser, ${label} (${(text.length / 1024).toFixed(1)} kB → ${strategy})`,
      value: `${Math.round(perSecond).toLocaleString('en-US')} parses/s, ${mbPerSecond.toFixed(1)} MB/s`,
    });
  }

  start = performance.now();
  const items = itineraryToItems(guide, START, addDays(START, 13));
  rows.push({
    name: `guide: itinerary → daily plans, 14 days (${items.length} plans)`,
    value: ms(performance.now() - start),
  });

  const queries = ['par', 'new y', 'sao p', 'mün', 'tok', 'a', 'san', 'lis', 'bang', 'kra'];
  const searchTimes = queries.map((q) => {
    const t = performance.now();
    cityIndex().search(q, 8);
    return performance.now() - t;
  });
  rows.push({
    name: 'guide: city autocomplete query (bundled data)',
    value: `median ${ms(median(searchTimes))}, max ${ms(Math.max(...searchTimes))}`,
  });
  return rows;
}
