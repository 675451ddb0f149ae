import { describe, expect, it } from 'vitest';
import rows from './landmarks.json' with { type: 'json' };
import { LANDMARKS, readLandmarks } from './landmarks';

describe('landmarks.json', () => {
  it('reads every city and sight of the file', () => {
    expect(LANDMARKS).toHaveLength(rows.length);
    expect(LANDMARKS.flatMap((c) => c.sights)).toHaveLength(rows.flatMap((c) => c.sights).length);
    expect(LANDMARKS.find((c) => c.city === 'Paris')?.sights[0]).toEqual([
      'Eiffel Tower',
      'landmark',
      48.8584,
      2.2945,
    ]);
  });

  it.each([
    ['an unknown kind', ['Somewhere', 'castle', 1, 2]],
    ['a missing coordinate', ['Somewhere', 'park', 1]],
    ['a coordinate as text', ['Somewhere', 'park', '1', 2]],
    ['an empty name', ['', 'park', 1, 2]],
  ])('refuses a row with %s, naming its city', (_, row) => {
    expect(() => readLandmarks([{ city: 'Atlantis', country: 'GR', sights: [row] }])).toThrow(
      /Atlantis \(GR\)/,
    );
  });

  it('refuses a city without sights or with a country that is not an ISO code', () => {
    expect(() => readLandmarks([{ city: 'Atlantis', country: 'GR', sights: [] }])).toThrow(/Atlantis/);
    expect(() =>
      readLandmarks([{ city: 'Atlantis', country: 'Greece', sights: [['Agora', 'market', 1, 2]] }]),
    ).toThrow(/Atlantis/);
  });
});
