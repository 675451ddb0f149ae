import { describe, expect, it } from 'vitest';
import type { ActivityEntry, LedgerPerson } from '@wayfare/contract';
import { entryText } from './activityText';

const person = (user_id: string, first_name: string, extra: Partial<LedgerPerson> = {}): LedgerPerson => ({
  user_id,
  first_name,
  last_name: '',
  email: '',
  is_guest: false,
  left: false,
  ...extra,
});
const people = {
  ana: person('ana', 'Ana'),
  smiths: person('smiths', 'The Smiths', { is_guest: true }),
};
const entry = (change: Partial<ActivityEntry>) =>
  ({ id: 'a1', trip_id: 't1', at: '2027-04-11T10:00:00.000Z', actor_id: 'ana', ...change }) as ActivityEntry;
const money = (minor: number) => `$${(minor / 100).toFixed(2)}`;

describe('entryText', () => {
  it('says whose weight changed, by whom, from what to what', () => {
    expect(
      entryText(entry({ kind: 'member.weight', user_id: 'smiths', from: 1, to: 4 }), people, money, 'en-US'),
    ).toEqual({ line: 'Ana changed the weight of The Smiths from 1 to 4', details: [] });
  });
});
