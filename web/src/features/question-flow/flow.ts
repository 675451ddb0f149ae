import {
  EMPTY_ANSWERS,
  FLEXIBLE_DURATIONS,
  flexibleDates,
  type FlexibleDurationLabel,
  type QuestionAnswers,
} from '@wayfare/contract';

/** The six steps, in order (spec §2). */
export const STEPS = ['destination', 'dates', 'budget', 'interests', 'travelStyle', 'summary'] as const;
export type StepName = (typeof STEPS)[number];

/** Exit animation, then entrance (spec §9). */
export const EXIT_MS = 400;
export const ENTER_MS = 300;

export interface PickedPlace {
  latitude: number;
  longitude: number;
}

export interface FlowState {
  step: number;
  answers: QuestionAnswers;
  /** Coordinates of the destination when it was picked from the suggestions. */
  place: PickedPlace | null;
  phase: 'idle' | 'exiting' | 'entering';
  /** Where the running transition goes once the exit animation ends. */
  target: number;
}

export type FlowAction =
  | { type: 'answer'; patch: Partial<QuestionAnswers>; place?: PickedPlace | null }
  | { type: 'go'; step: number }
  | { type: 'exited' }
  | { type: 'entered' }
  | { type: 'reset' };

export const initialFlow = (): FlowState => ({
  step: 0,
  answers: { ...EMPTY_ANSWERS, interests: [] },
  place: null,
  phase: 'idle',
  target: 0,
});

/**
 * The flow's state machine. An answer advances (to the summary when editing from it); 'go' jumps (Back, Edit).
 * Either starts a transition, and any transition asked for while one runs is ignored, answer included.
 */
export function flowReducer(state: FlowState, action: FlowAction): FlowState {
  switch (action.type) {
    case 'answer': {
      if (state.phase !== 'idle') return state;
      const cameFromSummary = state.answers.travelStyle !== '' && state.step < STEPS.length - 1;
      return {
        ...state,
        answers: { ...state.answers, ...action.patch },
        place: action.place === undefined ? state.place : action.place,
        phase: 'exiting',
        target: cameFromSummary ? STEPS.length - 1 : Math.min(state.step + 1, STEPS.length - 1),
      };
    }
    case 'go':
      if (
        state.phase !== 'idle' ||
        action.step === state.step ||
        action.step < 0 ||
        action.step >= STEPS.length
      ) {
        return state;
      }
      return { ...state, phase: 'exiting', target: action.step };
    case 'exited':
      return state.phase === 'exiting' ? { ...state, step: state.target, phase: 'entering' } : state;
    case 'entered':
      return state.phase === 'entering' ? { ...state, phase: 'idle' } : state;
    case 'reset':
      return initialFlow();
  }
}

/** The dates answer for a flexible duration: its label, and dates starting a week from today. */
export function flexibleAnswer(label: FlexibleDurationLabel, today: Date): Partial<QuestionAnswers> {
  return { dates: label, ...flexibleDates(label, today) };
}

export const FLEXIBLE_LABELS = FLEXIBLE_DURATIONS.map((d) => d.label);

/** What the summary shows for each answered step. */
export function summaryRows(answers: QuestionAnswers): Array<{ step: number; label: string; value: string }> {
  return [
    { step: 0, label: 'Destination', value: answers.destination },
    { step: 1, label: 'Dates', value: answers.dates },
    { step: 2, label: 'Budget', value: answers.budget },
    { step: 3, label: 'Interests', value: answers.interests.join(', ') },
    { step: 4, label: 'Travel style', value: answers.travelStyle },
  ];
}
