import { describe, expect, it } from 'vitest';
import { absoluteUrl, webcalUrl } from './linksApi';

describe('link addresses', () => {
  it('puts the path on this site and turns a feed into a webcal:// subscription', () => {
    const url = absoluteUrl('/api/calendar/t1/abc.ics', 'https://wayfare.example');
    expect(url).toBe('https://wayfare.example/api/calendar/t1/abc.ics');
    expect(webcalUrl(url)).toBe('webcal://wayfare.example/api/calendar/t1/abc.ics');
    expect(webcalUrl('http://localhost:3000/api/calendar/t1/abc.ics')).toBe(
      'webcal://localhost:3000/api/calendar/t1/abc.ics',
    );
  });
});
