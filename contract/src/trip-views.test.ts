import { describe, expect, it } from 'vitest';
import { parseRecommendations } from './recommendations';
import { recommendationsAnswer } from './trip-views';

describe('recommendationsAnswer', () => {
  it('answers the JSON object when the guide parses, and the raw text otherwise', () => {
    const json = '{"overview":"Sunny","itinerary":"Day 1: Walk"}';
    expect(recommendationsAnswer(json)).toEqual({ overview: 'Sunny', itinerary: 'Day 1: Walk' });
    expect(recommendationsAnswer('Overview: sunny')).toBe('Overview: sunny');
    expect(recommendationsAnswer('[1, 2]')).toBe('[1, 2]');
    expect(recommendationsAnswer('null')).toBe('null');
    expect(recommendationsAnswer(null)).toBeNull();
  });

  it('reads the same guide from the object as from its text', () => {
    const json = JSON.stringify({
      budget: 'About €150 per day.',
      itinerary: { day1: { day_plan: 'Walk.' } },
    });
    expect(parseRecommendations(json).strategy).toBe('json');
    expect(parseRecommendations(recommendationsAnswer(json))).toEqual(parseRecommendations(json));
  });
});
