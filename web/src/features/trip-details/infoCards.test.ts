import { describe, expect, it } from 'vitest';
import { infoCards } from './infoCards';

const trip = {
  city_name: 'Lisbon',
  trip_name: 'Spring escape',
  start_date: '2027-03-05',
  end_date: '2027-03-09',
  participant_count: 3,
  budget_range: 'Moderate',
};

describe('trip info cards', () => {
  it('shows destination, dates, travelers and budget', () => {
    expect(infoCards(trip).map((card) => [card.label, card.value])).toEqual([
      ['Destination', 'Lisbon'],
      ['Dates', 'Mar 5 – Mar 9, 2027'],
      ['Travelers', '3 People'],
      ['Budget', 'Moderate'],
    ]);
  });

  it('falls back to the trip name, a singular traveler and "Not specified"', () => {
    const cards = infoCards({ ...trip, city_name: ' ', participant_count: 1, budget_range: null });
    expect(cards.map((card) => card.value)).toEqual([
      'Spring escape',
      'Mar 5 – Mar 9, 2027',
      '1 Person',
      'Not specified',
    ]);
  });
});
