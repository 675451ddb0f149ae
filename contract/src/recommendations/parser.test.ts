import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { matchDayHeading, itinerarySentences } from './itinerary-text';
import { hasItinerary, MAX_RECOMMENDATIONS_CHARS, parseRecommendations } from './parser';
import type { AiGuide } from './types';

const guide: AiGuide = {
  itinerary: {
    day1: {
      day_plan: 'Morning: Visit the Louvre Museum. Afternoon: Walk the Tuileries Garden.',
      food: 'Lunch at a bistro.',
    },
    day2: { day_plan: 'Climb the Eiffel Tower at sunset.', food: '' },
  },
  budget: 'About €150 per day.',
  packing: '- Comfortable shoes\n- Umbrella',
  transportation: 'Buy a Navigo pass.',
  cultural_tips: 'Greet shopkeepers with bonjour.',
  safety_considerations: 'Watch for pickpockets on line 1.',
};
const json = JSON.stringify(guide);

describe('parseRecommendations', () => {
  it('reads direct JSON', () => {
    expect(parseRecommendations(json)).toEqual({ strategy: 'json', guide });
  });

  it('accepts the shapes models write: itinerary arrays, wrapped guides, list sections', () => {
    const text = JSON.stringify({
      recommendations: {
        itinerary: [
          { day: 1, day_plan: 'See the Louvre Museum today.', food: ['Croissants at a bakery.'] },
          { day: 2, morning: 'Montmartre walk in the hills.', evening: 'Seine cruise at night.' },
        ],
        'Cultural Tips': ['Say bonjour.', 'Tip lightly.'],
        safety: 'Mind your bag.',
      },
    });
    const parsed = parseRecommendations(text);
    expect(parsed.strategy).toBe('json');
    expect(parsed.guide?.itinerary.day1).toEqual({
      day_plan: 'See the Louvre Museum today.',
      food: '- Croissants at a bakery.',
    });
    expect(parsed.guide?.itinerary.day2?.day_plan).toBe(
      'Morning: Montmartre walk in the hills.\nEvening: Seine cruise at night.',
    );
    expect(parsed.guide?.cultural_tips).toBe('- Say bonjour.\n- Tip lightly.');
    expect(parsed.guide?.safety_considerations).toBe('Mind your bag.');
  });

  it('repairs fenced, trailing-comma, single-quoted and unquoted-key JSON', () => {
    const fenced = `Here is your guide:\n\`\`\`json\n${JSON.stringify(guide, null, 2)}\n\`\`\`\nEnjoy!`;
    expect(parseRecommendations(fenced)).toEqual({ strategy: 'repaired-json', guide });
    const sloppy = `{itinerary: {'day1': {'day_plan': 'Visit the old town square.', 'food': 'Pierogi at a milk bar.',},}, budget: 'Cheap',}`;
    const parsed = parseRecommendations(sloppy);
    expect(parsed.strategy).toBe('repaired-json');
    expect(parsed.guide?.itinerary.day1).toEqual({
      day_plan: 'Visit the old town square.',
      food: 'Pierogi at a milk bar.',
    });
    expect(parsed.guide?.budget).toBe('Cheap');
  });

  it('recovers a truncated answer up to where it was cut', () => {
    const cut = json.slice(0, json.indexOf('Climb the Eiffel') + 12);
    const parsed = parseRecommendations(cut);
    expect(parsed.strategy).toBe('repaired-json');
    expect(parsed.guide?.itinerary.day1).toEqual(guide.itinerary.day1);
    expect(parsed.guide?.itinerary.day2?.day_plan).toBe('Climb the Ei');
    const dangling = json.slice(0, json.indexOf('"food"', json.indexOf('day2')) + 4);
    expect(parseRecommendations(dangling).guide?.itinerary.day2?.day_plan).toBe(
      'Climb the Eiffel Tower at sunset.',
    );
  });

  it('rebuilds key/value pairs when the structure is beyond repair', () => {
    const broken = `"itinerary" => ["day1" :: {"day_plan": "Walk the Ramblas end to end.", "food": "Tapas crawl in El Born."} ]] ]] "budget": "€100 a day" }}} {{`;
    const parsed = parseRecommendations(broken);
    expect(parsed.strategy).toBe('key-value');
    expect(parsed.guide?.itinerary.day1).toEqual({
      day_plan: 'Walk the Ramblas end to end.',
      food: 'Tapas crawl in El Born.',
    });
    expect(parsed.guide?.budget).toBe('€100 a day');
  });

  it('splits prose by its headings', () => {
    const prose = [
      'Here is a plan for Rome.',
      '## Day 1: Ancient Rome',
      '- Tour the Colosseum and the Forum.',
      'Food: Carbonara in Monti.',
      '**2nd day**',
      'Vatican Museums and St Peter’s Basilica.',
      'Day three - Trastevere wander',
      'Budget:',
      'Roughly €120 per day.',
      'Packing: Shoulder-covering clothes for churches.',
      'Transportation',
      'Metro lines A and B.',
      'Cultural tips: Cappuccino only before noon.',
      'Safety: Watch your bag on bus 64.',
    ].join('\n');
    const parsed = parseRecommendations(prose);
    expect(parsed.strategy).toBe('text-sections');
    expect(parsed.guide).toEqual({
      itinerary: {
        day1: { day_plan: 'Ancient Rome\n- Tour the Colosseum and the Forum.', food: 'Carbonara in Monti.' },
        day2: { day_plan: 'Vatican Museums and St Peter’s Basilica.', food: '' },
        day3: { day_plan: 'Trastevere wander', food: '' },
      },
      budget: 'Roughly €120 per day.',
      packing: 'Shoulder-covering clothes for churches.',
      transportation: 'Metro lines A and B.',
      cultural_tips: 'Cappuccino only before noon.',
      safety_considerations: 'Watch your bag on bus 64.',
    });
  });

  it('falls back to the raw text', () => {
    expect(parseRecommendations('  Have a lovely trip!  ')).toEqual({
      strategy: 'raw-text',
      guide: null,
      text: 'Have a lovely trip!',
    });
    expect(parseRecommendations(null)).toEqual({ strategy: 'raw-text', guide: null, text: '' });
    expect(parseRecommendations('{}').strategy).toBe('raw-text');
  });

  it('reads crafted, deeply nested or unterminated text in one pass (the old repair took 55 s)', () => {
    // Prefixes and repeated units that made the old hand-written repair copy its bracket stack at every comma,
    // rescan its output, or backtrack; 60 kB each, under the cap. The test times out if any of them is quadratic.
    const prefixes = ['{"a":[1,2,3,', '{', "{'a':'", '{"a":"', '```json\n{', 'Day 1 (', '"a": ', ''];
    const units = [
      '[,',
      '{',
      ',',
      'a:',
      '\\',
      '{"a":',
      '"a": "',
      ' ',
      '```',
      'Day 1\n',
      '- ',
      "'b':'",
      "\\'",
    ];
    fc.assert(
      fc.property(fc.constantFrom(...prefixes), fc.constantFrom(...units), (prefix, unit) => {
        const text = prefix + unit.repeat(Math.ceil(60_000 / unit.length));
        const parsed = parseRecommendations(text);
        expect(['repaired-json', 'key-value', 'text-sections', 'raw-text']).toContain(parsed.strategy);
      }),
      { numRuns: 60 },
    );
    // A quadratic reader takes minutes on 60 kB; a linear one about 5 s here alone, more beside the other suites.
  }, 90_000);

  it('reads at most MAX_RECOMMENDATIONS_CHARS of a guide', () => {
    const parsed = parseRecommendations('x'.repeat(MAX_RECOMMENDATIONS_CHARS * 3));
    expect(parsed).toEqual({
      strategy: 'raw-text',
      guide: null,
      text: 'x'.repeat(MAX_RECOMMENDATIONS_CHARS),
    });
  });

  it('never throws on any string', () => {
    fc.assert(
      fc.property(fc.oneof(fc.string(), fc.json(), fc.string({ unit: 'binary' })), (text) => {
        expect(() => parseRecommendations(text)).not.toThrow();
      }),
      { numRuns: 2000 },
    );
  });

  it('never throws on mangled guides: cut anywhere, characters dropped', () => {
    fc.assert(
      fc.property(fc.nat(json.length), fc.nat(json.length), (cut, drop) => {
        const text = json.slice(0, cut).slice(0, drop) + json.slice(drop + 1, cut);
        expect(() => parseRecommendations(text)).not.toThrow();
      }),
    );
  });

  const text = fc.string({ maxLength: 40 });
  const arbitraryGuide = fc.record({
    itinerary: fc.dictionary(
      fc.nat(30).map((n) => `day${n}`),
      fc.record({ day_plan: text, food: text }),
    ),
    budget: text,
    packing: text,
    transportation: text,
    cultural_tips: text,
    safety_considerations: text,
  });

  it('is idempotent on its own JSON output', () => {
    fc.assert(
      fc.property(
        fc.oneof(
          arbitraryGuide.map((g) => JSON.stringify(g)),
          fc.string(),
          fc.json(),
        ),
        (input) => {
          const first = parseRecommendations(input);
          if (!first.guide) return;
          const second = parseRecommendations(JSON.stringify(first.guide));
          expect(second).toEqual({ strategy: 'json', guide: first.guide });
        },
      ),
      { numRuns: 1000 },
    );
  });
});

describe('itinerary text rules (spec §5)', () => {
  it('recognises day N, Nth day and day one … day ten', () => {
    expect(matchDayHeading('Day 4: Harbour')).toEqual({ day: 4, rest: 'Harbour' });
    expect(matchDayHeading('### **3rd Day** – Markets')).toEqual({ day: 3, rest: 'Markets' });
    expect(matchDayHeading('day ten')).toEqual({ day: 10, rest: '' });
    expect(matchDayHeading('Day One (Arrival)')).toEqual({ day: 1, rest: '' });
    expect(matchDayHeading('Today we rest')).toBeNull();
    expect(matchDayHeading('Daytrip to Sintra')).toBeNull();
  });

  it('keeps sentences longer than 10 characters, and longer than 5 without a bullet or number', () => {
    expect(
      itinerarySentences(
        'Visit the castle. Eat!\n- 12345678901\n1. Short\n- Walk the river path; see the bridge at dusk? Yes.',
      ),
    ).toEqual(['Visit the castle.', '- 12345678901', '- Walk the river path;', 'see the bridge at dusk?']);
    expect(itinerarySentences('Entry costs €12.50 per adult.')).toEqual(['Entry costs €12.50 per adult.']);
  });

  it('tells whether a guide has plans to offer', () => {
    expect(hasItinerary(parseRecommendations(json).guide as AiGuide)).toBe(true);
    expect(hasItinerary({ ...guide, itinerary: { day1: { day_plan: 'Rest.', food: '' } } })).toBe(false);
  });
});
