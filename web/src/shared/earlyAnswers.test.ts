import { describe, expect, it } from 'vitest';
import { EARLY_ANSWER_MAX_AGE_MS, takeEarlyAnswer, type EarlyAnswers } from './earlyAnswers';

const PAGE = '/trips/t1';
const answered = (body: string) => Promise.resolve(new Response(body));

function early(): EarlyAnswers {
  return { page: PAGE, token: 'tok', answers: { '/api/trips/t1': answered('trip') } };
}
const request = { path: '/api/trips/t1', token: 'tok', page: PAGE, now: 500 };

describe('takeEarlyAnswer', () => {
  it('gives the early answer for its address once; a second read of it asks anew', async () => {
    const held = early();
    const answer = await takeEarlyAnswer(held, request);
    expect(await answer?.text()).toBe('trip');
    expect(takeEarlyAnswer(held, request)).toBeUndefined();
  });

  it('has nothing for another address, or when the first-load script left nothing', () => {
    expect(takeEarlyAnswer(early(), { ...request, path: '/api/trips/t2' })).toBeUndefined();
    expect(takeEarlyAnswer(undefined, request)).toBeUndefined();
  });

  it('drops the answer, unused, for another session, another page, or once the first seconds are over', () => {
    for (const other of [
      { token: 'another' },
      { token: null },
      { page: '/trips' },
      { now: EARLY_ANSWER_MAX_AGE_MS },
    ]) {
      const held = early();
      expect(takeEarlyAnswer(held, { ...request, ...other })).toBeUndefined();
      // Dropped: not given to a later read either.
      expect(takeEarlyAnswer(held, request)).toBeUndefined();
    }
  });
});
