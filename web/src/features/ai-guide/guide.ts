import { useEffect, useMemo, useState } from 'react';
import {
  GUIDE_PROVIDER_LABELS,
  GUIDE_SECTION_LABELS,
  GUIDE_SECTIONS,
  itemsToPlanInputs,
  itineraryToItems,
  normalizeGuide,
  type GuideSection,
  type ParsedRecommendations,
  type PlanInput,
  type TripView,
} from '@wayfare/contract';

/** The parts of GET /api/trips/{id} the AI guide reads. */
export type GuideTrip = Pick<
  TripView,
  | 'id'
  | 'guide_status'
  | 'recommendations'
  | 'recommendations_provider'
  | 'daily_plans'
  | 'start_date'
  | 'end_date'
>;

type Recommendations = TripView['recommendations'];

type TextParser = (text: string) => ParsedRecommendations;
let parseText: TextParser | null = null;

/** Loads the full parser (`guideText.ts`, with jsonrepair) once; the guides it is needed for are rare. */
export async function loadGuideTextParser(): Promise<TextParser> {
  parseText ??= (await import('./guideText')).parseRecommendations;
  return parseText;
}

/**
 * The guide as `parseRecommendations` reads it, without loading that parser for what most guides are: an object
 * (the server answers any guide stored as JSON as one) or JSON text. Other text needs the full parser: null until
 * `loadGuideTextParser` has loaded it.
 */
export function readGuide(
  recommendations: Recommendations,
  textParser: TextParser | null = parseText,
): ParsedRecommendations | null {
  let value: unknown = recommendations;
  if (typeof recommendations === 'string') {
    try {
      value = JSON.parse(recommendations);
    } catch {
      return textParser ? textParser(recommendations) : null;
    }
  }
  const guide = normalizeGuide(value);
  if (guide) return { strategy: 'json', guide };
  if (typeof recommendations === 'string') return textParser ? textParser(recommendations) : null;
  return { strategy: 'raw-text', guide: null, text: '' };
}

/**
 * `readGuide`, loading the full parser when the guide needs it (a render follows). Should that chunk fail to
 * load (offline), the text is shown as it is.
 */
export function useGuide(recommendations: Recommendations): ParsedRecommendations | null {
  const [parserFailed, setParserFailed] = useState(false);
  const [textParser, setTextParser] = useState(() => parseText);
  const parsed = useMemo(() => readGuide(recommendations, textParser), [recommendations, textParser]);
  const needsParser = parsed === null && !parserFailed;
  useEffect(() => {
    if (!needsParser) return;
    loadGuideTextParser().then(
      (loaded) => setTextParser(() => loaded),
      () => setParserFailed(true),
    );
  }, [needsParser]);
  if (parsed === null && parserFailed && typeof recommendations === 'string')
    return { strategy: 'raw-text', guide: null, text: recommendations.trim() };
  return parsed;
}

export type GuideView =
  | { kind: 'reading' }
  | { kind: 'empty' }
  | { kind: 'text'; text: string }
  | { kind: 'sections'; tabs: Array<{ section: GuideSection; label: string; text: string }> };

/**
 * What the recommendations block shows: tabs for the sections that have text, the raw text, or nothing; while
 * the full parser loads (`readGuide` gave null), its place.
 */
export function guideView(parsed: ParsedRecommendations | null): GuideView {
  if (!parsed) return { kind: 'reading' };
  if (!parsed.guide) return parsed.text ? { kind: 'text', text: parsed.text } : { kind: 'empty' };
  const { guide } = parsed;
  const tabs = GUIDE_SECTIONS.filter((section) => guide[section].trim() !== '').map((section) => ({
    section,
    label: GUIDE_SECTION_LABELS[section],
    text: guide[section],
  }));
  return tabs.length ? { kind: 'sections', tabs } : { kind: 'empty' };
}

export const providerLabel = (provider: string | null) =>
  provider ? (GUIDE_PROVIDER_LABELS[provider] ?? provider) : null;

/** Section text as blocks: runs of '- ' lines become lists, other lines paragraphs. */
export function textBlocks(
  text: string,
): Array<{ kind: 'list'; items: string[] } | { kind: 'paragraph'; text: string }> {
  const blocks: Array<{ kind: 'list'; items: string[] } | { kind: 'paragraph'; text: string }> = [];
  for (const raw of text.split('\n')) {
    const line = raw.trim();
    if (!line) continue;
    const bullet = /^(?:[-*•]|\d+[.)])\s+(.*)$/.exec(line);
    const last = blocks[blocks.length - 1];
    if (bullet) {
      if (last?.kind === 'list') last.items.push(bullet[1] as string);
      else blocks.push({ kind: 'list', items: [bullet[1] as string] });
    } else blocks.push({ kind: 'paragraph', text: line });
  }
  return blocks;
}

/**
 * The plans to create automatically for a trip (spec §4), or null when it must not happen: the trip needs dates,
 * no plans yet, and a guide whose itinerary parses into at least one plan (null too while the full parser
 * loads: `useGuide` loads it and renders again).
 */
export function autoPlansFor(trip: GuideTrip): PlanInput[] | null {
  if (!trip.start_date || !trip.end_date || trip.daily_plans.length > 0) return null;
  const guide = readGuide(trip.recommendations)?.guide;
  if (!guide) return null;
  const plans = itemsToPlanInputs(itineraryToItems(guide, trip.start_date, trip.end_date));
  return plans.length ? plans : null;
}

/** The alert after a failed bulk creation (spec §8). */
export function bulkFailureMessage(error: unknown): string {
  const message = error instanceof Error ? error.message : '';
  return `Failed to create daily plans: ${message || 'Unknown error'}`;
}
