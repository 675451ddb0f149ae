import { describe, expect, it } from 'vitest';
import { allEndpoints, type Endpoint } from '@wayfare/contract';
import { pathPattern } from './guest-sessions';

const entries = Object.entries(allEndpoints as Record<string, Endpoint>);
const sample = (entry: Endpoint) => `/api${entry.path.replace(/:\w+/g, 'x1')}`;

describe('the calls a guest session may make', () => {
  it("match only their own entries' paths, never another call's of the same method", () => {
    const overlaps = entries.flatMap(([name, entry]) =>
      entry.guestSession
        ? entries
            .filter(([other, o]) => other !== name && o.method === entry.method && !o.guestSession)
            .filter(([, o]) => pathPattern(entry).test(sample(o)))
            .map(([other]) => `${name} ~ ${other}`)
        : [],
    );
    expect(overlaps).toEqual([]);
  });

  it('match their entries as Express routes them', () => {
    const [, getTrip] = entries.find(([name]) => name === 'getTrip')!;
    expect(pathPattern(getTrip).test('/api/trips/abc')).toBe(true);
    expect(pathPattern(getTrip).test('/api/trips/abc/')).toBe(true);
    expect(pathPattern(getTrip).test('/api/trips/abc/weather')).toBe(false);
    expect(pathPattern(getTrip).test('/api/trips')).toBe(false);
  });
});
