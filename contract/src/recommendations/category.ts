import type { PlanCategory } from '../plans';

/** Checked in this order: the first category with a matching word wins ("train to the museum" is transport). */
const RULES: Array<[PlanCategory, RegExp]> = [
  [
    'Hotel',
    /\b(hotel|hostel|check[- ]?(in|out)|accommodation|guesthouse|ryokan|resort|airbnb|lodging)(e?s)?\b/i,
  ],
  [
    'Transportation',
    /\b(airport|flight|fly|train|rail|station|bus|coach|taxi|uber|metro|subway|tram|ferry|transfer|drive|car rental|shinkansen)(e?s)?\b/i,
  ],
  [
    'Restaurant',
    /\b(restaurant|breakfast|brunch|lunch|dinner|caf[eé]|coffee|bistro|trattoria|tavern|eatery|street food|food|tasting|cuisine|dine|dining|eat|bakery|pub|bar)(e?s)?\b/i,
  ],
  [
    'Attraction',
    /\b(museum|gallery|palace|castle|cathedral|church|temple|shrine|mosque|basilica|tower|monument|memorial|landmark|ruin|fort|fortress|bridge|square|plaza|statue|zoo|aquarium|observatory|opera|colosseum|pyramid|old town|viewpoint|lookout)(e?s)?\b/i,
  ],
  [
    'Activity',
    /\b(hike|hiking|walk|walking|tour|cruise|boat|kayak|bike|cycling|swim|beach|surf|spa|massage|class|workshop|show|concert|market|shopping|shop|explore|stroll|park|garden|nightlife|club)(e?s)?\b/i,
  ],
];

/** A plan category for an itinerary sentence, guessed from its title and description; 'Activity' by default. */
export function guessCategory(title: string, description = ''): PlanCategory {
  const text = `${title} ${description}`;
  for (const [category, pattern] of RULES) if (pattern.test(text)) return category;
  return 'Activity';
}
