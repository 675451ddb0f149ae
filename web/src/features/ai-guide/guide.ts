import {
  GUIDE_PROVIDER_LABELS,
  GUIDE_SECTION_LABELS,
  GUIDE_SECTIONS,
  itemsToPlanInputs,
  itineraryToItems,
  parseRecommendations,
  type GuideSection,
  type PlanInput,
  type TripView,
} from '@wayfare/contract';
import { ApiError } from '../../shared/api';

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

export type GuideView =
  | { kind: 'empty' }
  | { kind: 'text'; text: string }
  | { kind: 'sections'; tabs: Array<{ section: GuideSection; label: string; text: string }> };

/** What the recommendations block shows: tabs for the sections that have text, the raw text, or nothing. */
export function guideView(recommendations: TripView['recommendations']): GuideView {
  const parsed = parseRecommendations(recommendations);
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
 * no plans yet, and a guide whose itinerary parses into at least one plan.
 */
export function autoPlansFor(trip: GuideTrip): PlanInput[] | null {
  if (!trip.start_date || !trip.end_date || trip.daily_plans.length > 0) return null;
  const { guide } = parseRecommendations(trip.recommendations);
  if (!guide) return null;
  const plans = itemsToPlanInputs(itineraryToItems(guide, trip.start_date, trip.end_date));
  return plans.length ? plans : null;
}

/** The alert after a failed bulk creation (spec §8). */
export function bulkFailureMessage(error: unknown): string {
  const message = error instanceof ApiError || error instanceof Error ? error.message : '';
  return `Failed to create daily plans: ${message || 'Unknown error'}`;
}
