import { describe, expect, it } from 'vitest';
import { ordinal, peopleLabel } from './format';

describe('trip formatting', () => {
  it('says Person for one and People otherwise', () => {
    expect([0, 1, 2, 12].map(peopleLabel)).toEqual(['0 People', '1 Person', '2 People', '12 People']);
  });

  it('writes English ordinals', () => {
    expect([1, 2, 3, 4, 11, 12, 13, 21, 22, 23, 101].map(ordinal)).toEqual([
      '1st',
      '2nd',
      '3rd',
      '4th',
      '11th',
      '12th',
      '13th',
      '21st',
      '22nd',
      '23rd',
      '101st',
    ]);
  });
});
