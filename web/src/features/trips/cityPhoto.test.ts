import { describe, expect, it } from 'vitest';
import { placePhotoQuerySchema } from '@wayfare/contract';
import { cityPhotoPath } from './cityPhoto';

describe('cityPhotoPath', () => {
  it('asks GET /api/places/photo with the city and width, and the coordinates only when both are known', () => {
    expect(cityPhotoPath({ city: 'São Paulo', maxWidth: 800, lat: -23.5, lng: -46.6 })).toBe(
      '/api/places/photo?city=S%C3%A3o+Paulo&maxWidth=800&lat=-23.5&lng=-46.6',
    );
    const path = cityPhotoPath({ city: 'Lisbon', maxWidth: 1280, lat: 38.7, lng: null });
    expect(path).toBe('/api/places/photo?city=Lisbon&maxWidth=1280');
    // The server's own schema reads it.
    const query = Object.fromEntries(new URL(path, 'http://x').searchParams);
    expect(placePhotoQuerySchema.parse(query)).toEqual({ city: 'Lisbon', maxWidth: 1280 });
  });
});
