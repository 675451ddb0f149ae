import { describe, expect, it } from 'vitest';
import { linkParamsSchema, sharedPhotoQuerySchema } from '@wayfare/contract';
import { absoluteUrl, sharedPhotoPath, webcalUrl } from './linksApi';

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

describe('sharedPhotoPath', () => {
  it("asks the share link's own photo address with the width alone, which the server's schemas read", () => {
    const token = `${'a'.repeat(66)}-`;
    const path = sharedPhotoPath('t1', token, 1280);
    expect(path).toBe(`/api/shared/t1/${token}/photo?maxWidth=1280`);
    const url = new URL(path, 'http://x');
    const [, , , tripId, linkToken] = url.pathname.split('/');
    expect(linkParamsSchema.safeParse({ tripId, token: linkToken }).success).toBe(true);
    expect(sharedPhotoQuerySchema.parse(Object.fromEntries(url.searchParams))).toEqual({ maxWidth: 1280 });
  });
});
