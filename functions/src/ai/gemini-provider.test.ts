import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { pino } from 'pino';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { parseRecommendations, type AiGuideAnswer } from '@wayfare/contract';
import { cityIndex } from '../places/cities';
import { geminiGuideProvider } from './gemini-provider';
import type { GuideRequest } from './types';

/**
 * A local stand-in for the Gemini REST API: POST /v1beta/models/{model}:generateContent. Each request takes the
 * next scripted reply: a text for the model to "say", or 'hang' to never answer (the timeout case).
 */
type Reply = string | 'hang';
const replies: Reply[] = [];
const received: Array<{ url: string; apiKey: string | undefined; body: any }> = []; // eslint-disable-line @typescript-eslint/no-explicit-any

const server = http.createServer((req, res) => {
  let raw = '';
  req.on('data', (chunk: Buffer) => (raw += chunk.toString()));
  req.on('end', () => {
    received.push({
      url: req.url ?? '',
      apiKey: req.headers['x-goog-api-key'] as string | undefined,
      body: JSON.parse(raw),
    });
    const reply = replies.shift();
    if (reply === 'hang' || reply === undefined) return; // never answers
    res.setHeader('content-type', 'application/json');
    res.end(
      JSON.stringify({
        candidates: [
          { content: { role: 'model', parts: [{ text: reply }] }, finishReason: 'STOP', index: 0 },
        ],
        modelVersion: 'stand-in',
      }),
    );
  });
});
let baseUrl = '';

beforeAll(async () => {
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  baseUrl = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});
afterAll(async () => {
  server.closeAllConnections();
  await new Promise((resolve) => server.close(resolve));
});
beforeEach(() => {
  replies.length = 0;
  received.length = 0;
});

const osaka = cityIndex().find('Osaka, JP');
const request: GuideRequest = {
  destination: 'Osaka, Japan',
  city: osaka,
  center: osaka && { lat: osaka.latitude, lng: osaka.longitude },
  startDate: '2027-04-01',
  endDate: '2027-04-02',
  budget: 'Moderate',
  interests: ['Food & Dining'],
  travelStyle: 'Couple',
};

const answer: AiGuideAnswer = {
  itinerary: [
    {
      day: 2,
      day_plan: 'Morning: Osaka Castle — walk the moat.\nEvening: Dōtonbori lights.',
      food: 'Okonomiyaki in Dōtonbori.',
    },
    { day: 1, day_plan: 'Morning: Kuromon Market — graze on seafood.', food: 'Takoyaki at a street stall.' },
  ],
  budget: 'About $150 per person per day.',
  packing: 'Comfortable shoes.',
  transportation: 'Get an ICOCA card.',
  cultural_tips: 'Do not tip.',
  safety_considerations: 'Emergency: 110 police, 119 ambulance.',
  attractions: [
    { name: 'Osaka Castle', kind: 'historic', lat: 34.6873, lng: 135.5262 },
    { name: 'Kuromon Market', kind: 'market', lat: 34.6652, lng: 135.5066 },
    // The model misplaced a Tokyo sight into an Osaka trip: it must not reach the map.
    { name: 'Tokyo Skytree', kind: 'viewpoint', lat: 35.7101, lng: 139.8107 },
  ],
};
const valid = JSON.stringify(answer);

const provider = (timeoutMs = 2000) =>
  geminiGuideProvider({
    apiKey: 'test-key',
    model: 'gemini-test',
    baseUrl,
    timeoutMs,
    logger: pino({ level: 'silent' }),
  });

describe('the Gemini guide provider against a local stand-in', () => {
  it('asks the configured model for schema-guided JSON and keeps only sights near the city', async () => {
    replies.push(valid);
    const result = await provider().generate(request);
    expect(received).toHaveLength(1);
    expect(received[0]?.url).toBe('/v1beta/models/gemini-test:generateContent');
    expect(received[0]?.apiKey).toBe('test-key');
    const config = received[0]?.body.generationConfig;
    expect(config.responseMimeType).toBe('application/json');
    // The response schema is the validator's own, as JSON Schema: required sections, the model's descriptions.
    expect(config.responseJsonSchema.required).toEqual(expect.arrayContaining(['itinerary', 'budget']));
    expect(config.responseJsonSchema.properties.itinerary.description).toBe(
      'One entry per trip day, in order',
    );
    expect(config.responseJsonSchema).not.toHaveProperty('$schema');
    expect(JSON.stringify(received[0]?.body.contents)).toContain('2-day trip to Osaka, Japan');

    expect(result.provider).toBe('gemini');
    expect(result.attractions.map((a) => a.name)).toEqual(['Osaka Castle', 'Kuromon Market']);
    const parsed = parseRecommendations(result.recommendations);
    expect(parsed.strategy).toBe('json');
    expect(Object.keys(parsed.guide!.itinerary)).toEqual(['day1', 'day2']);
    expect(parsed.guide!.itinerary.day1?.day_plan).toContain('Kuromon Market');
  });

  it('accepts an answer wrapped in a code fence', async () => {
    replies.push(`\`\`\`json\n${valid}\n\`\`\``);
    const result = await provider().generate(request);
    expect(received).toHaveLength(1);
    expect(result.provider).toBe('gemini');
    expect(parseRecommendations(result.recommendations).strategy).toBe('json');
  });

  it('retries once after a malformed answer', async () => {
    replies.push('Sure! Here is your guide: {itinerary: oops', valid);
    const result = await provider().generate(request);
    expect(received).toHaveLength(2);
    expect(result.provider).toBe('gemini');
    expect(result.attractions).toHaveLength(2);
  });

  it('keeps the raw text when both answers are truncated, with the curated sights for the map', async () => {
    const truncated = valid.slice(0, valid.indexOf('"budget"') + 20);
    replies.push(truncated, truncated);
    const result = await provider().generate(request);
    expect(received).toHaveLength(2);
    expect(result).toMatchObject({ provider: 'gemini', recommendations: truncated });
    // The trip page still reads what it can out of the raw text.
    expect(parseRecommendations(result.recommendations).guide?.itinerary.day2?.food).toBe(
      'Okonomiyaki in Dōtonbori.',
    );
    expect(result.attractions.map((a) => a.name)).toContain('Osaka Castle');
  });

  it('retries after a timeout', async () => {
    replies.push('hang', valid);
    const result = await provider(300).generate(request);
    expect(received).toHaveLength(2);
    expect(result.provider).toBe('gemini');
  });

  it('falls back to the offline planner when Gemini never answers', async () => {
    replies.push('hang', 'hang');
    const started = Date.now();
    const result = await provider(300).generate(request);
    expect(Date.now() - started).toBeLessThan(3000);
    expect(result.provider).toBe('offline');
    expect(parseRecommendations(result.recommendations).guide?.itinerary.day1?.day_plan).toContain('Osaka');
  });
});
