import { z } from 'zod';

/** One itinerary day of the AI guide: what to do, and where and what to eat. */
export interface ItineraryDay {
  day_plan: string;
  food: string;
}

/** The guide sections shown as tabs on the trip page (spec §2), in tab order. */
export const GUIDE_SECTIONS = [
  'budget',
  'packing',
  'transportation',
  'cultural_tips',
  'safety_considerations',
] as const;
export type GuideSection = (typeof GUIDE_SECTIONS)[number];

export const GUIDE_SECTION_LABELS: Record<GuideSection, string> = {
  budget: 'Budget',
  packing: 'Packing',
  transportation: 'Transportation',
  cultural_tips: 'Cultural Tips',
  safety_considerations: 'Safety',
};

/**
 * The AI guide (spec §3 "AI recommendations"): an itinerary keyed `day1`, `day2`, … plus the text sections.
 * A section the writer had nothing for is the empty string.
 */
export type AiGuide = { itinerary: Record<string, ItineraryDay> } & Record<GuideSection, string>;

/** A sight the guide names, with where it is (a model's claim until checked against the city). */
export const guideAttractionSchema = z.object({
  name: z.string().trim().min(1).max(160),
  kind: z.string().trim().max(60).optional().describe('museum, historic, park, market, viewpoint, …'),
  lat: z.number().min(-90).max(90),
  lng: z.number().min(-180).max(180),
});
export type GuideAttraction = z.output<typeof guideAttractionSchema>;

const sectionText = (description: string) => z.string().max(20_000).describe(description);

/**
 * What a guide writer must answer: the guide plus the sights for the map. Validates model output, and is the response
 * schema Gemini is given (as JSON Schema, generated from this one): the descriptions are written for the model.
 */
export const aiGuideAnswerSchema = z.object({
  itinerary: z
    .array(
      z.object({
        day: z.number().int().min(1).max(366).describe('Day number, starting at 1'),
        day_plan: z
          .string()
          .min(1)
          .max(20_000)
          .describe('The day as short sentences, one per line, each naming one place or activity'),
        food: z
          .string()
          .max(20_000)
          .default('')
          .describe('Where and what to eat that day, one sentence per meal, one per line'),
      }),
    )
    .min(1)
    .max(366)
    .describe('One entry per trip day, in order'),
  budget: sectionText('Estimated costs per person with figures, one item per line'),
  packing: sectionText('What to pack, one item per line'),
  transportation: sectionText('Getting there and getting around, one tip per line'),
  cultural_tips: sectionText('Local customs and etiquette, one tip per line'),
  safety_considerations: sectionText('Safety advice including the local emergency number, one tip per line'),
  attractions: z
    .array(guideAttractionSchema)
    .max(60)
    .default([])
    .describe('The sights named in the itinerary that are in or near the destination, with coordinates'),
});
export type AiGuideAnswer = z.output<typeof aiGuideAnswerSchema>;

/** The parser's strategies, tried in this order (spec §4 "Recommendation parsing"). */
export type ParseStrategy = 'json' | 'repaired-json' | 'key-value' | 'text-sections' | 'raw-text';

export type ParsedRecommendations =
  | { strategy: Exclude<ParseStrategy, 'raw-text'>; guide: AiGuide }
  | { strategy: 'raw-text'; guide: null; text: string };

/** A plan drafted from the guide before it is saved (spec §3 "Parsed itinerary item"). */
export interface ParsedItineraryItem {
  /** `temp-…`: not a stored plan yet. */
  id: string;
  day_number: number;
  plan_date: string;
  category: string;
  title: string;
  description: string;
  original_text: string;
  confidence: number;
  edited: boolean;
  order: number;
}

/** Who wrote a trip's guide, as the trip page names it. */
export const GUIDE_PROVIDER_LABELS: Record<string, string> = {
  gemini: 'Google Gemini',
  offline: "Wayfare's offline planner",
};
