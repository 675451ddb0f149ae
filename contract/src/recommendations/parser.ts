import { itinerarySentences, matchDayHeading } from './itinerary-text';
import { assembleGuide, dayNumberOfKey, keyOf, normalizeGuide, sectionOfKey } from './normalize';
import { repairJson } from './repair-json';
import type { RecommendationsAnswer } from '../trip-views';
import type { AiGuide, GuideSection, ItineraryDay, ParsedRecommendations } from './types';

/** Longest guide text read: a week-by-week guide is ~20 kB; anything past this is cut, not parsed. */
export const MAX_RECOMMENDATIONS_CHARS = 200_000;

/**
 * Reads a stored guide, whatever its writer produced, trying in order: direct JSON, repaired JSON, key/value
 * reconstruction, text sections by headings, and finally the raw text (spec §4). Never throws; every strategy is
 * a single pass or a regular expression without nested repetition, so the time is linear in the (capped) text.
 */
export function parseRecommendations(input: RecommendationsAnswer | undefined): ParsedRecommendations {
  if (input !== null && typeof input === 'object') {
    const guide = normalizeGuide(input);
    if (guide) return { strategy: 'json', guide };
  }
  const text = typeof input === 'string' ? input.slice(0, MAX_RECOMMENDATIONS_CHARS) : '';
  try {
    const strategies: Array<
      [Exclude<ParsedRecommendations['strategy'], 'raw-text'>, (t: string) => AiGuide | null]
    > = [
      ['json', fromJson],
      ['repaired-json', (t) => normalizeGuide(repairJson(t))],
      ['key-value', fromKeyValues],
      ['text-sections', fromTextSections],
    ];
    for (const [strategy, parse] of strategies) {
      const guide = parse(text);
      if (guide) return { strategy, guide };
    }
  } catch {
    // A strategy tripped on input nobody foresaw: the raw text is still worth showing.
  }
  return { strategy: 'raw-text', guide: null, text: text.trim() };
}

function fromJson(text: string): AiGuide | null {
  try {
    return normalizeGuide(JSON.parse(text));
  } catch {
    return null;
  }
}

const decode = (raw: string) => {
  try {
    return JSON.parse(`"${raw.replace(/\n/g, '\\n')}"`) as string;
  } catch {
    return raw.replace(/\\n/g, '\n').replace(/\\(.)/g, '$1');
  }
};

/**
 * Picks `"key": "value"` pairs out of JSON too broken to repair, in document order: a day key starts a day,
 * day_plan and food fill it, section keys fill sections. A value cut off by the end of the text still counts.
 */
function fromKeyValues(text: string): AiGuide | null {
  const pair =
    /["']([A-Za-z_][\w -]{0,40})["']\s*:\s*(?:"((?:[^"\\]|\\.)*)(?:"|$)|'((?:[^'\\]|\\.)*)(?:'|$)|(?=[{[]))/g;
  const days = new Map<number, ItineraryDay>();
  const sections: Partial<Record<GuideSection, string>> = {};
  let current: number | null = null;
  const day = (n: number) => {
    const existing = days.get(n);
    if (existing) return existing;
    const created = { day_plan: '', food: '' };
    days.set(n, created);
    return created;
  };
  for (const match of text.matchAll(pair)) {
    const key = match[1] as string;
    const raw = match[2] ?? match[3];
    const value = raw === undefined ? null : decode(raw).trim();
    const dayNumber = dayNumberOfKey(key);
    if (dayNumber !== null) {
      current = dayNumber;
      if (value) day(dayNumber).day_plan = value;
      continue;
    }
    if (value === null || value === '') continue;
    const k = keyOf(key);
    if (k === 'day_plan' || k === 'plan' || k === 'activities')
      day(current ?? days.size + 1).day_plan = value;
    else if (/^(food|meals?|dining)$/.test(k)) day(current ?? Math.max(days.size, 1)).food = value;
    else {
      const section = sectionOfKey(key);
      if (section && !sections[section]) sections[section] = value;
    }
  }
  for (const [n, { day_plan, food }] of days) if (!day_plan && !food) days.delete(n);
  return assembleGuide(days, sections);
}

const SECTION_HEADINGS: Array<[RegExp, GuideSection | 'food']> = [
  [/^budget\b|^costs?\b|^estimated costs?\b/i, 'budget'],
  [/^packing\b|^what to pack\b|^pack\b/i, 'packing'],
  [/^transport(ation)?\b|^getting around\b/i, 'transportation'],
  [/^cultur(al|e)\b|^etiquette\b|^local customs\b/i, 'cultural_tips'],
  [/^safety\b/i, 'safety_considerations'],
  [/^food\b|^dining\b|^where to eat\b|^meals?\b/i, 'food'],
];

/** A heading line is short, or 'Heading: text' on one line; list items and sentences are not headings. */
function matchSectionHeading(line: string): { section: GuideSection | 'food'; rest: string } | null {
  const text = line
    .trim()
    .replace(/^#{1,6}\s*/, '')
    .replace(/[*_]{1,3}/g, '')
    .trim();
  for (const [pattern, section] of SECTION_HEADINGS) {
    const match = pattern.exec(text);
    if (!match) continue;
    const after = text.slice(match[0].length);
    const colon = /^[^:.!?]{0,30}:\s*/.exec(after);
    if (colon) return { section, rest: after.slice(colon[0].length).trim() };
    if (text.length <= 40 && !/[.!?]$/.test(text)) return { section, rest: '' };
  }
  return null;
}

/** Splits prose by its headings (Day, Budget, Packing, Transportation, Cultural, Safety, Food). */
function fromTextSections(text: string): AiGuide | null {
  const days = new Map<number, ItineraryDay>();
  const sections: Partial<Record<GuideSection, string[]>> = {};
  let target: string[] | null = null;
  let currentDay: number | null = null;
  const lines = new Map<string, string[]>();
  const bucket = (key: string) => {
    const found = lines.get(key);
    if (found) return found;
    const created: string[] = [];
    lines.set(key, created);
    return created;
  };

  for (const line of text.split(/\r?\n/)) {
    const dayHeading = matchDayHeading(line);
    const sectionHeading = dayHeading ? null : matchSectionHeading(line);
    if (dayHeading) {
      currentDay = dayHeading.day;
      target = bucket(`plan:${currentDay}`);
      if (dayHeading.rest) target.push(dayHeading.rest);
    } else if (sectionHeading?.section === 'food') {
      target = bucket(`food:${currentDay ?? 1}`);
      if (sectionHeading.rest) target.push(sectionHeading.rest);
    } else if (sectionHeading) {
      currentDay = null;
      target = sections[sectionHeading.section] ??= [];
      if (sectionHeading.rest) target.push(sectionHeading.rest);
    } else if (target && line.trim()) target.push(line.trim());
  }

  for (const [key, content] of lines) {
    const [kind, n] = key.split(':') as [string, string];
    const entry = days.get(Number(n)) ?? { day_plan: '', food: '' };
    const joined = content.join('\n');
    if (kind === 'plan') entry.day_plan = joined;
    else entry.food = joined;
    if (entry.day_plan || entry.food) days.set(Number(n), entry);
  }
  const sectionText = Object.fromEntries(
    Object.entries(sections).map(([section, content]) => [section, content.join('\n')]),
  );
  return assembleGuide(days, sectionText);
}

/** True when the guide has at least one itinerary day with something that can become a plan. */
export const hasItinerary = (guide: AiGuide) =>
  Object.values(guide.itinerary).some(
    ({ day_plan, food }) => itinerarySentences(day_plan).length + itinerarySentences(food).length > 0,
  );
