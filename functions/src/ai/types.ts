import type { Attraction, BudgetOption, InterestOption, TravelStyleOption } from '@wayfare/contract';
import type { City } from '../places/cities';

/** What a guide writer is asked for: the question-flow answers and the city they resolved to. */
export interface GuideRequest {
  /** The destination as the traveller typed or picked it. */
  destination: string;
  /** The city in the bundled data, when the destination names one (its coordinates anchor the map). */
  city: City | null;
  /** The point the trip is centred on: the picked place's coordinates, else the city's; null when unknown. */
  center: { lat: number; lng: number } | null;
  startDate: string;
  endDate: string;
  budget: BudgetOption;
  interests: InterestOption[];
  travelStyle: TravelStyleOption;
}

export interface GuideResult {
  /** Which writer produced it: 'gemini' or 'offline'. */
  provider: string;
  /** The guide as stored on the trip: its JSON, or the writer's raw text when that did not validate. */
  recommendations: string;
  /** Sights for the map, already checked to lie near the destination. */
  attractions: Attraction[];
}

/** One interface, two writers: Gemini when a key is configured, the offline planner otherwise. */
export interface GuideProvider {
  readonly name: string;
  generate(request: GuideRequest): Promise<GuideResult>;
}

/** How far from the destination a named sight may lie and still be on its map (day trips included). */
export const ATTRACTION_RADIUS_KM = 80;
