import { describe, expect, it } from 'vitest';
import { weatherDescription } from './WeatherBadge';

describe('weatherDescription', () => {
  it('reads the description and the rounded min–max, and says when it is an estimate', () => {
    const day = {
      date: '2027-03-05',
      min_c: 11.6,
      max_c: 20.2,
      avg_c: 16,
      text: 'Light rain',
      icon: 'rain' as const,
    };
    expect(weatherDescription({ ...day, estimate: false })).toBe('Light rain, 12–20 °C');
    expect(weatherDescription({ ...day, estimate: true })).toBe('Light rain, 12–20 °C (estimate)');
  });
});
