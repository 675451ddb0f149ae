import { GUIDE_SECTIONS, type AiGuide, type GuideSection, type ItineraryDay } from './types';

type Json = null | boolean | number | string | Json[] | { [key: string]: Json };

const isRecord = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

/** Lower-case, words joined by underscores: 'Cultural Tips' → 'cultural_tips'. */
export const keyOf = (key: string) =>
  key
    .trim()
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '_')
    .replace(/^_|_$/g, '');

/** The guide section a writer's key stands for (models rename them freely). */
export function sectionOfKey(key: string): GuideSection | null {
  const k = keyOf(key);
  if (k.startsWith('budget') || k === 'costs' || k === 'estimated_costs') return 'budget';
  if (k.startsWith('pack') || k === 'what_to_pack') return 'packing';
  if (k.startsWith('transport') || k === 'getting_around') return 'transportation';
  if (k.startsWith('cultur') || k === 'etiquette' || k === 'local_customs') return 'cultural_tips';
  if (k.startsWith('safety') || k === 'safety_tips') return 'safety_considerations';
  return null;
}

const FOOD_KEYS = /^(food|meals?|dining|restaurants?|where_to_eat|eat)/;
const PLAN_KEYS = /^(day_plan|plan|activities|description|itinerary|schedule|summary)$/;

/** Day number named by a key such as 'day1', 'Day 2', 'day_03' or '4'; null for other keys. */
export function dayNumberOfKey(key: string): number | null {
  const match = /^(?:day_?)?(\d{1,3})$/.exec(keyOf(key));
  return match ? Number(match[1]) : null;
}

const cleanText = (text: string) => text.replace(/\r\n?/g, '\n').trim();

const capitalise = (key: string) => {
  const words = key.replace(/[_-]+/g, ' ').trim();
  return words.charAt(0).toUpperCase() + words.slice(1);
};

/** Any JSON value as section text: lists become bullet lines, objects 'Key: value' lines. */
export function textOf(value: unknown): string {
  if (value === null || value === undefined) return '';
  if (typeof value === 'string') return cleanText(value);
  if (typeof value === 'number' || typeof value === 'boolean') return String(value);
  if (Array.isArray(value)) {
    return value
      .map((item) => textOf(item))
      .filter(Boolean)
      .map((line) => (/^[-*•]\s/.test(line) ? line : `- ${line}`))
      .join('\n');
  }
  if (isRecord(value)) {
    return Object.entries(value)
      .map(([key, item]) => {
        const text = textOf(item);
        if (!text) return '';
        return text.includes('\n') ? `${capitalise(key)}:\n${text}` : `${capitalise(key)}: ${text}`;
      })
      .filter(Boolean)
      .join('\n');
  }
  return '';
}

function dayOf(value: unknown): ItineraryDay | null {
  if (!isRecord(value)) {
    const day_plan = textOf(value);
    return day_plan ? { day_plan, food: '' } : null;
  }
  const planParts: string[] = [];
  const foodParts: string[] = [];
  let explicitPlan: string | null = null;
  for (const [key, item] of Object.entries(value)) {
    const k = keyOf(key);
    if (k === 'day' || k === 'day_number' || k === 'date' || k === 'title' || k === 'theme') continue;
    const text = textOf(item);
    if (!text) continue;
    if (FOOD_KEYS.test(k)) foodParts.push(text);
    else if (k === 'day_plan') explicitPlan = text;
    else if (PLAN_KEYS.test(k)) planParts.push(text);
    else planParts.push(`${capitalise(key)}: ${text}`);
  }
  const day_plan = explicitPlan ?? planParts.join('\n');
  const food = foodParts.join('\n');
  return day_plan || food ? { day_plan, food } : null;
}

/** The itinerary's days in order, whether the writer keyed them by day or listed them. */
function daysOf(value: unknown): Map<number, ItineraryDay> {
  const days = new Map<number, ItineraryDay>();
  const put = (n: number, day: ItineraryDay | null) => {
    if (day && n >= 0 && !days.has(n)) days.set(n, day);
  };
  if (Array.isArray(value)) {
    value.forEach((item, index) => {
      const n =
        isRecord(item) && typeof item.day === 'number' && Number.isInteger(item.day) ? item.day : index + 1;
      put(n, dayOf(item));
    });
  } else if (isRecord(value)) {
    for (const [key, item] of Object.entries(value)) {
      const n = dayNumberOfKey(key);
      if (n !== null) put(n, dayOf(item));
    }
  }
  return days;
}

export function emptyGuide(): AiGuide {
  return {
    itinerary: {},
    budget: '',
    packing: '',
    transportation: '',
    cultural_tips: '',
    safety_considerations: '',
  };
}

/** Builds a guide from numbered days and sections, in day order. Null when it holds nothing at all. */
export function assembleGuide(
  days: Map<number, ItineraryDay>,
  sections: Partial<Record<GuideSection, string>>,
) {
  const guide = emptyGuide();
  for (const n of [...days.keys()].sort((a, b) => a - b))
    guide.itinerary[`day${n}`] = days.get(n) as ItineraryDay;
  for (const section of GUIDE_SECTIONS) guide[section] = cleanText(sections[section] ?? '');
  return isEmptyGuide(guide) ? null : guide;
}

export const isEmptyGuide = (guide: AiGuide) =>
  Object.keys(guide.itinerary).length === 0 && GUIDE_SECTIONS.every((section) => !guide[section]);

/**
 * Any parsed JSON value as a guide, or null when it holds no itinerary and no section. Normalised output is a
 * fixed point: normalising a guide's own JSON gives the same guide back.
 */
export function normalizeGuide(value: Json | unknown): AiGuide | null {
  if (!isRecord(value)) return null;
  // Some writers wrap the guide: { "recommendations": { … } }.
  const inner = Object.entries(value).find(([key]) =>
    /^(recommendations|guide|travel_guide)$/.test(keyOf(key)),
  );
  if (inner && isRecord(inner[1]) && Object.keys(value).length === 1) return normalizeGuide(inner[1]);

  let days = new Map<number, ItineraryDay>();
  const sections: Partial<Record<GuideSection, string>> = {};
  for (const [key, item] of Object.entries(value)) {
    const k = keyOf(key);
    if (k === 'itinerary' || k === 'days' || k === 'daily_itinerary') days = daysOf(item);
    else {
      const section = sectionOfKey(key);
      if (section && !sections[section]) sections[section] = textOf(item);
    }
  }
  // Days at the top level ({ "day1": …, "budget": … }) when there is no itinerary key.
  if (days.size === 0) days = daysOf(value);
  return assembleGuide(days, sections);
}
