import { describe, expect, it } from 'vitest';
import {
  flexibleAnswer,
  flowReducer,
  initialFlow,
  summaryRows,
  type FlowAction,
  type FlowState,
} from './flow';

const run = (actions: FlowAction[], state: FlowState = initialFlow()) => actions.reduce(flowReducer, state);
const settle: FlowAction[] = [{ type: 'exited' }, { type: 'entered' }];

describe('the question flow state', () => {
  it('advances one step per answer after the exit and entrance animations', () => {
    let state = run([
      { type: 'answer', patch: { destination: 'Lisbon' }, place: { latitude: 38.7, longitude: -9.1 } },
    ]);
    expect(state).toMatchObject({ step: 0, phase: 'exiting', target: 1 });
    state = run([{ type: 'exited' }], state);
    expect(state).toMatchObject({ step: 1, phase: 'entering' });
    state = run([{ type: 'entered' }], state);
    expect(state).toMatchObject({ step: 1, phase: 'idle', place: { latitude: 38.7, longitude: -9.1 } });
  });

  it('ignores a second transition while one is running', () => {
    const state = run([
      { type: 'answer', patch: { destination: 'Lisbon' } },
      { type: 'answer', patch: { destination: 'Porto' } },
      { type: 'go', step: 4 },
      ...settle,
    ]);
    expect(state).toMatchObject({ step: 1, phase: 'idle', answers: { destination: 'Lisbon' } });
  });

  it('jumps back from the summary with Edit and returns to the summary on the next answer', () => {
    const answered = run([
      { type: 'answer', patch: { destination: 'Lisbon' } },
      ...settle,
      { type: 'answer', patch: flexibleAnswer('1-3 days', new Date(2027, 0, 1)) },
      ...settle,
      { type: 'answer', patch: { budget: 'Luxury' } },
      ...settle,
      { type: 'answer', patch: { interests: ['Nightlife'] } },
      ...settle,
      { type: 'answer', patch: { travelStyle: 'Solo' } },
      ...settle,
    ]);
    expect(answered.step).toBe(5);
    const editing = run([{ type: 'go', step: 2 }, ...settle], answered);
    expect(editing.step).toBe(2);
    const back = run([{ type: 'answer', patch: { budget: 'Moderate' } }, ...settle], editing);
    expect(back).toMatchObject({
      step: 5,
      answers: { budget: 'Moderate', startDate: '2027-01-08', endDate: '2027-01-10' },
    });
    expect(summaryRows(back.answers).map((r) => r.value)).toEqual([
      'Lisbon',
      '1-3 days',
      'Moderate',
      'Nightlife',
      'Solo',
    ]);
  });

  it('starts over on reset (closing the modal)', () => {
    const state = run([{ type: 'answer', patch: { destination: 'Lisbon' } }, ...settle, { type: 'reset' }]);
    expect(state).toEqual(initialFlow());
  });
});
