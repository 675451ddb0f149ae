import { describe, expect, it } from 'vitest';
import { afterLoginDestination, readLoginState, wantsQuestionFlow } from './loginState';

describe('readLoginState', () => {
  it('keeps the known fields only', () => {
    expect(
      readLoginState({
        message: 'Please log in to start planning your trip',
        returnTo: 'question-flow',
        x: 1,
      }),
    ).toEqual({
      message: 'Please log in to start planning your trip',
      returnTo: 'question-flow',
      email: undefined,
      joinToken: undefined,
      claimToken: undefined,
    });
  });

  it.each([null, undefined, 'text', { message: 3, returnTo: '/evil' }])('ignores %j', (state) => {
    expect(readLoginState(state)).toEqual(
      typeof state === 'object' && state !== null
        ? {
            message: undefined,
            returnTo: undefined,
            email: undefined,
            joinToken: undefined,
            claimToken: undefined,
          }
        : {},
    );
  });
});

describe('afterLoginDestination', () => {
  it('goes home, opening the question flow when that was the return marker', () => {
    expect(afterLoginDestination({})).toEqual({ to: '/' });
    expect(afterLoginDestination({ returnTo: 'question-flow' })).toEqual({
      to: '/',
      state: { showQuestionFlow: true },
    });
  });

  it('goes back to the invite link the visitor came from, whose token it keeps only when well-formed', () => {
    const token = 'A'.repeat(42) + '_';
    expect(afterLoginDestination(readLoginState({ joinToken: token }))).toEqual({ to: `/join/${token}` });
    expect(readLoginState({ joinToken: '../../evil' }).joinToken).toBeUndefined();
    expect(readLoginState({ joinToken: 'short' }).joinToken).toBeUndefined();
  });

  it('goes back to the claim link the visitor came from, whose token it keeps only when well-formed', () => {
    const token = 'B'.repeat(42) + '-';
    expect(afterLoginDestination(readLoginState({ claimToken: token }))).toEqual({ to: `/claim/${token}` });
    expect(readLoginState({ claimToken: '/evil' }).claimToken).toBeUndefined();
  });
});

describe('wantsQuestionFlow', () => {
  it('is true only for the flag', () => {
    expect(wantsQuestionFlow({ showQuestionFlow: true })).toBe(true);
    expect(wantsQuestionFlow({ showQuestionFlow: 'yes' })).toBe(false);
    expect(wantsQuestionFlow(null)).toBe(false);
  });
});
