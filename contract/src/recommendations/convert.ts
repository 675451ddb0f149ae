import { planDuplicateKey, type PlanInput } from '../plans';
import { addDays, daysBetween } from '../trip-views';
import { guessCategory } from './category';
import { itinerarySentences, stripBullet } from './itinerary-text';
import { dayNumberOfKey } from './normalize';
import type { AiGuide, ParsedItineraryItem } from './types';

/** Food items follow the day's other plans (spec §9). */
export const FOOD_ORDER_OFFSET = 1000;
const PARSED_CONFIDENCE = 0.5;
const TITLE_MAX = 100;
const DESCRIPTION_MAX = 2000;

/** A short label before a colon or dash ('Morning:', 'Late afternoon -', 'Before leaving:'): when, not what. */
const TIME_OF_DAY =
  /^(early morning|morning|late morning|midday|noon|afternoon|late afternoon|evening|night|late night|breakfast|brunch|lunch|dinner|arrival|departure|before leaving)\s*[:\-–—]\s*/i;

const clip = (text: string, max: number) => {
  if (text.length <= max) return text;
  const cut = text.slice(0, max - 1);
  const space = cut.lastIndexOf(' ');
  return `${(space > max / 2 ? cut.slice(0, space) : cut).replace(/[\s,;:]+$/, '')}…`;
};

/**
 * A plan title and description from one itinerary sentence: the time of day moves into the description, and a
 * lead-in before a dash, colon or comma ("Louvre Museum — home of the Mona Lisa") becomes the title.
 */
export function titleAndDescription(sentence: string): { title: string; description: string } {
  let text = stripBullet(sentence)
    .replace(/[*_]{2,3}/g, '')
    .replace(/[.;]+$/, '')
    .trim();
  let when = '';
  const time = TIME_OF_DAY.exec(text);
  if (time && text.length - time[0].length > 5) {
    when = (time[1] as string).charAt(0).toUpperCase() + (time[1] as string).slice(1).toLowerCase();
    text = text.slice(time[0].length);
  }
  text = text.charAt(0).toUpperCase() + text.slice(1);
  const lead = /^(.{6,80}?)(?:\s[—–-]\s|:\s|,\s)(.+)$/.exec(text);
  const [title, rest] = lead ? [lead[1] as string, lead[2] as string] : [clip(text, TITLE_MAX), ''];
  const detail = rest || (title === text ? '' : text);
  const description = [when, detail].filter(Boolean).join(': ');
  return { title: title.trim(), description: clip(description, DESCRIPTION_MAX) };
}

/** The itinerary's days in order, by their day number. */
const orderedDays = (guide: AiGuide) =>
  Object.entries(guide.itinerary)
    .map(([key, day]) => ({ n: dayNumberOfKey(key) ?? 0, day }))
    .sort((a, b) => a.n - b.n)
    .map(({ day }) => day);

/**
 * Converts the guide's itinerary into draft plans (spec §4): one date per itinerary day from the start date
 * (days past the end date are left out), categories guessed from the text, food items as Restaurant ordered
 * after the rest, and items with the same date and lower-cased trimmed title dropped.
 */
export function itineraryToItems(
  guide: AiGuide,
  startDate: string,
  endDate?: string | null,
): ParsedItineraryItem[] {
  const lastIndex = endDate ? daysBetween(startDate, endDate) : Number.POSITIVE_INFINITY;
  const seen = new Set<string>();
  const items: ParsedItineraryItem[] = [];
  orderedDays(guide).forEach((day, index) => {
    if (index > lastIndex) return;
    const plan_date = addDays(startDate, index);
    const add = (sentence: string, order: number, food: boolean) => {
      const { title, description } = titleAndDescription(sentence);
      const key = planDuplicateKey({ plan_date, title });
      if (!title || seen.has(key)) return;
      seen.add(key);
      items.push({
        id: `temp-${plan_date}-${items.length}`,
        day_number: index + 1,
        plan_date,
        category: food ? 'Restaurant' : guessCategory(title, description),
        title,
        description,
        original_text: sentence,
        confidence: PARSED_CONFIDENCE,
        edited: false,
        order,
      });
    };
    itinerarySentences(day.day_plan).forEach((sentence, i) => add(sentence, i, false));
    itinerarySentences(day.food).forEach((sentence, i) => add(sentence, FOOD_ORDER_OFFSET + i, true));
  });
  return items;
}

/** The bulk-create body's plans for draft items. */
export const itemsToPlanInputs = (items: ParsedItineraryItem[]): PlanInput[] =>
  items.map(({ plan_date, category, title, description, order }) => ({
    plan_date,
    category,
    title,
    description,
    order,
  }));
