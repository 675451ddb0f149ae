// @vitest-environment jsdom
import { afterEach, describe, expect, it } from 'vitest';
import { linkManifest, MANIFEST_URL } from './linkManifest';

describe('linkManifest', () => {
  afterEach(() => document.head.querySelectorAll('link[rel="manifest"]').forEach((link) => link.remove()));

  it('links the web app manifest from the head', () => {
    linkManifest();
    const links = document.head.querySelectorAll<HTMLLinkElement>('link[rel="manifest"]');
    expect(links).toHaveLength(1);
    expect(links[0]?.getAttribute('href')).toBe(MANIFEST_URL);
  });

  it('links it once however often it is called', () => {
    linkManifest();
    linkManifest();
    expect(document.head.querySelectorAll('link[rel="manifest"]')).toHaveLength(1);
  });
});
