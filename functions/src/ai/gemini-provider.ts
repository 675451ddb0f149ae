import type { Logger } from 'pino';
import { toJSONSchema } from 'zod';
import {
  aiGuideAnswerSchema,
  GUIDE_SECTIONS,
  repairJson,
  tripLengthDays,
  type AiGuide,
  type AiGuideAnswer,
  type Attraction,
} from '@wayfare/contract';
import { distanceKm } from '../places/cities';
import { lazyGeminiClient } from './gemini-client';
import { planOffline } from './offline-planner';
import { ATTRACTION_RADIUS_KM, type GuideProvider, type GuideRequest, type GuideResult } from './types';

export interface GeminiOptions {
  apiKey: string;
  model: string;
  /** The API's address; tests point it at a local stand-in. */
  baseUrl?: string;
  /** Per attempt; one retry follows a timeout, an error or an answer that does not validate. */
  timeoutMs: number;
  logger: Logger;
}

/**
 * The answer's shape as Gemini's response schema: JSON Schema generated from aiGuideAnswerSchema (the validator), so
 * the two cannot drift. Input side: fields with a default may be left out. `$schema` is not a keyword Gemini takes.
 */
const { $schema: _dialect, ...RESPONSE_JSON_SCHEMA } = toJSONSchema(aiGuideAnswerSchema, { io: 'input' });

export function guidePrompt(request: GuideRequest): string {
  const days = tripLengthDays(request.startDate, request.endDate);
  const where = request.city ? `${request.city.name}, ${request.city.country}` : request.destination;
  return [
    `Write a travel guide for a ${days}-day trip to ${where}, from ${request.startDate} to ${request.endDate}.`,
    `Traveller: ${request.travelStyle}. Budget: ${request.budget}. Interests: ${request.interests.join(', ') || 'a bit of everything'}.`,
    'Answer with JSON only, matching the response schema:',
    `- itinerary: exactly ${days} days; day_plan is 3 to 5 short sentences on separate lines (morning, afternoon,`,
    '  evening), each naming one real place or activity; food names real dishes or places for lunch and dinner.',
    '- budget: per-person figures in US dollars for accommodation, food, transport and activities, and a total.',
    '- packing, transportation, cultural_tips, safety_considerations: practical, specific to this destination and season.',
    `- attractions: every sight the itinerary names, with accurate coordinates; only places within ${ATTRACTION_RADIUS_KM} km of ${where}.`,
  ].join('\n');
}

/** The model's text as a validated answer, or null. Fenced or slightly broken JSON is repaired first. */
export function readAnswer(raw: string): AiGuideAnswer | null {
  let value: unknown;
  try {
    value = JSON.parse(raw);
  } catch {
    value = repairJson(raw);
  }
  const parsed = aiGuideAnswerSchema.safeParse(value);
  return parsed.success ? parsed.data : null;
}

export function answerToGuide(answer: AiGuideAnswer): AiGuide {
  const itinerary: AiGuide['itinerary'] = {};
  for (const { day, day_plan, food } of [...answer.itinerary].sort((a, b) => a.day - b.day)) {
    itinerary[`day${day}`] ??= { day_plan: day_plan.trim(), food: food.trim() };
  }
  const sections = Object.fromEntries(GUIDE_SECTIONS.map((s) => [s, answer[s].trim()]));
  return { itinerary, ...sections } as AiGuide;
}

/** The model's sights that really are near the destination: a sight it misplaced never reaches the map. */
export function checkedAttractions(answer: AiGuideAnswer, center: GuideRequest['center']): Attraction[] {
  if (!center) return [];
  return answer.attractions
    .filter((a) => distanceKm(center, a) <= ATTRACTION_RADIUS_KM)
    .map((a, i) => ({
      key: `sight-${i + 1}`,
      name: a.name,
      location: { lat: a.lat, lng: a.lng },
      kind: a.kind,
    }));
}

/**
 * Gemini through Google's SDK. Each attempt has a timeout; a failed or invalid attempt is retried once. After
 * two invalid answers the last raw text is kept (the trip page parses what it can); when Gemini cannot be
 * reached at all, the offline planner writes the guide so trip creation never fails on it.
 */
export function geminiGuideProvider(options: GeminiOptions): GuideProvider {
  const sdk = lazyGeminiClient(options);
  const { logger, model } = options;

  const ask = async (prompt: string): Promise<string> => {
    const ai = await sdk();
    const response = await ai.models.generateContent({
      model,
      contents: prompt,
      config: {
        responseMimeType: 'application/json',
        responseJsonSchema: RESPONSE_JSON_SCHEMA,
        temperature: 0.7,
      },
    });
    return response.text ?? '';
  };

  return {
    name: 'gemini',
    async generate(request: GuideRequest): Promise<GuideResult> {
      const prompt = guidePrompt(request);
      let lastText: string | null = null;
      for (let attempt = 1; attempt <= 2; attempt++) {
        try {
          const raw = await ask(prompt);
          const answer = readAnswer(raw);
          if (answer) {
            const attractions = checkedAttractions(answer, request.center);
            return {
              provider: 'gemini',
              recommendations: JSON.stringify(answerToGuide(answer)),
              // No sight survived the check: the map falls back to the curated, verified ones.
              attractions: attractions.length ? attractions : planOffline(request).attractions,
            };
          }
          lastText = raw;
          logger.warn({ attempt, model }, 'Gemini answer did not validate');
        } catch (err) {
          logger.warn({ err, attempt, model }, 'Gemini request failed');
        }
      }
      if (lastText?.trim()) {
        return {
          provider: 'gemini',
          recommendations: lastText,
          attractions: planOffline(request).attractions,
        };
      }
      const { guide, attractions } = planOffline(request);
      return { provider: 'offline', recommendations: JSON.stringify(guide), attractions };
    },
  };
}
