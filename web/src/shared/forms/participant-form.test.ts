import { describe, expect, it } from 'vitest';
import { PROVIDE_IDENTIFIER } from '@wayfare/contract';
import { looksLikeEmail, participantFormSchema } from './participant-form';

describe('looksLikeEmail', () => {
  it('tells emails from usernames', () => {
    expect(looksLikeEmail('bea@example.com')).toBe(true);
    expect(looksLikeEmail('bea_travels')).toBe(false);
    expect(looksLikeEmail('bea@home')).toBe(false);
  });
});

describe('participantFormSchema', () => {
  it('sends email-looking text as email, anything else as username, and refuses blank', () => {
    expect(participantFormSchema.parse({ identifier: ' bea@example.com ' })).toEqual({
      email: 'bea@example.com',
    });
    expect(participantFormSchema.parse({ identifier: 'bea_travels' })).toEqual({ username: 'bea_travels' });
    expect(participantFormSchema.safeParse({ identifier: '   ' }).error?.issues[0]).toMatchObject({
      path: ['identifier'],
      message: PROVIDE_IDENTIFIER,
    });
  });
});
