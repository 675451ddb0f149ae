import { describe, expect, it } from 'vitest';
import { mapAttractions, NEW_YORK, plotPoints, tripCentre } from './mapPoints';

describe('map points', () => {
  it('centres on the trip, or has no centre without coordinates', () => {
    expect(tripCentre({ latitude: 38.72, longitude: -9.14 })).toEqual({ lat: 38.72, lng: -9.14 });
    expect(tripCentre({ latitude: null, longitude: -9.14 })).toBeNull();
  });

  it('keeps real attractions and draws two placeholders near the centre when there are none', () => {
    const tower = { key: 'a', name: 'Tower', location: { lat: 38.69, lng: -9.21 } };
    expect(mapAttractions([tower], NEW_YORK)).toEqual([tower]);
    const placeholders = mapAttractions([], { lat: 10, lng: 20 });
    expect(placeholders).toHaveLength(2);
    for (const p of placeholders) {
      expect(Math.abs(p.location.lat - 10)).toBeLessThan(0.01);
      expect(Math.abs(p.location.lng - 20)).toBeLessThan(0.01);
    }
  });

  it('plots north up and east right, inside the box, with the centre in the middle', () => {
    const { centre, points } = plotPoints(
      { lat: 0, lng: 0 },
      [
        { lat: 1, lng: 0 },
        { lat: 0, lng: 2 },
      ],
      400,
      300,
    );
    expect(centre).toEqual({ x: 200, y: 150 });
    const [north, east] = points;
    expect(north!.y).toBeLessThan(150);
    expect(north!.x).toBeCloseTo(200);
    expect(east!.x).toBeGreaterThan(200);
    for (const p of points) {
      expect(p.x).toBeGreaterThanOrEqual(28);
      expect(p.x).toBeLessThanOrEqual(372);
      expect(p.y).toBeGreaterThanOrEqual(28);
      expect(p.y).toBeLessThanOrEqual(272);
    }
  });
});
