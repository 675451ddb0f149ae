import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { planDuplicateKey, planInputSchema } from '../plans';
import { guessCategory } from './category';
import { FOOD_ORDER_OFFSET, itemsToPlanInputs, itineraryToItems, titleAndDescription } from './convert';
import type { AiGuide } from './types';

const guide = (itinerary: AiGuide['itinerary']): AiGuide => ({
  itinerary,
  budget: '',
  packing: '',
  transportation: '',
  cultural_tips: '',
  safety_considerations: '',
});

describe('itineraryToItems', () => {
  it('gives each itinerary day one date from the start, food last as Restaurant', () => {
    const items = itineraryToItems(
      guide({
        day2: {
          day_plan: 'Take the train to Sintra for the day.',
          food: 'Dinner: grilled sardines in Alfama.',
        },
        day1: {
          day_plan:
            'Morning: Belém Tower — a 16th-century fort on the river. Afternoon: check in at the hotel.',
          food: 'Pastéis de nata at a bakery in Belém.',
        },
      }),
      '2027-05-30',
    );
    expect(
      items.map(({ day_number, plan_date, category, title, order }) => [
        day_number,
        plan_date,
        category,
        title,
        order,
      ]),
    ).toEqual([
      [1, '2027-05-30', 'Attraction', 'Belém Tower', 0],
      [1, '2027-05-30', 'Hotel', 'Check in at the hotel', 1],
      [1, '2027-05-30', 'Restaurant', 'Pastéis de nata at a bakery in Belém', FOOD_ORDER_OFFSET],
      [2, '2027-05-31', 'Transportation', 'Take the train to Sintra for the day', 0],
      [2, '2027-05-31', 'Restaurant', 'Grilled sardines in Alfama', FOOD_ORDER_OFFSET],
    ]);
    expect(items[0]).toMatchObject({
      id: expect.stringMatching(/^temp-/),
      description: 'Morning: a 16th-century fort on the river',
      confidence: 0.5,
      edited: false,
    });
  });

  it('drops repeats on a date (case and spaces ignored) and days past the end date', () => {
    const items = itineraryToItems(
      guide({
        day1: { day_plan: 'Walk the old town.\n- walk the OLD town  ', food: 'Walk the old town' },
        day2: { day_plan: 'Walk the old town.', food: '' },
        day3: { day_plan: 'Fly home from the airport.', food: '' },
      }),
      '2027-01-01',
      '2027-01-02',
    );
    expect(items.map((i) => [i.plan_date, i.title])).toEqual([
      ['2027-01-01', 'Walk the old town'],
      ['2027-01-02', 'Walk the old town'],
    ]);
  });

  it('always yields valid, unique bulk-plan inputs', () => {
    const day = fc.record({ day_plan: fc.string({ maxLength: 400 }), food: fc.string({ maxLength: 200 }) });
    fc.assert(
      fc.property(
        fc.dictionary(
          fc.nat(20).map((n) => `day${n}`),
          day,
        ),
        (itinerary) => {
          const inputs = itemsToPlanInputs(itineraryToItems(guide(itinerary), '2027-03-01', '2027-03-10'));
          for (const input of inputs) expect(planInputSchema.safeParse(input).success).toBe(true);
          expect(new Set(inputs.map(planDuplicateKey)).size).toBe(inputs.length);
        },
      ),
    );
  });
});

describe('titleAndDescription', () => {
  it('shortens long sentences at a word boundary and keeps the whole sentence as description', () => {
    const long = `Spend the whole day ${'wandering '.repeat(15)}around`;
    const { title, description } = titleAndDescription(long);
    expect(title.length).toBeLessThanOrEqual(100);
    expect(title.endsWith('…')).toBe(true);
    expect(description).toBe(long);
  });
});

describe('guessCategory', () => {
  it.each([
    ['Check in to the ryokan', 'Hotel'],
    ['Ferry to the islands', 'Transportation'],
    ['Dinner at a trattoria', 'Restaurant'],
    ['Vatican Museums', 'Attraction'],
    ['Kayak along the coast', 'Activity'],
    ['Free time', 'Activity'],
  ])('%s → %s', (title, category) => {
    expect(guessCategory(title)).toBe(category);
  });
});
