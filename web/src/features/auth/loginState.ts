/** The return marker that sends a user back to the question flow after logging in (spec §2 Home). */
export const QUESTION_FLOW_RETURN = 'question-flow';

/** What other screens may pass to /login through the router's location state. */
export interface LoginLocationState {
  /** A notice shown above the form. */
  message?: string;
  returnTo?: typeof QUESTION_FLOW_RETURN;
  /** Pre-fills the email field (after signup). */
  email?: string;
}

/** What /login passes to Home after a successful login. */
export interface HomeLocationState {
  showQuestionFlow?: boolean;
}

const stringField = (state: object, key: string): string | undefined => {
  const value = (state as Record<string, unknown>)[key];
  return typeof value === 'string' && value !== '' ? value : undefined;
};

/** Reads location.state defensively: it survives reloads and may come from an older build. */
export function readLoginState(state: unknown): LoginLocationState {
  if (typeof state !== 'object' || state === null) return {};
  return {
    message: stringField(state, 'message'),
    returnTo: stringField(state, 'returnTo') === QUESTION_FLOW_RETURN ? QUESTION_FLOW_RETURN : undefined,
    email: stringField(state, 'email'),
  };
}

/** Where a successful login goes: always Home, opening the question flow when that is where the user came from. */
export function afterLoginDestination(state: LoginLocationState): { to: '/'; state?: HomeLocationState } {
  return state.returnTo === QUESTION_FLOW_RETURN
    ? { to: '/', state: { showQuestionFlow: true } }
    : { to: '/' };
}

export function wantsQuestionFlow(state: unknown): boolean {
  return (
    typeof state === 'object' && state !== null && (state as HomeLocationState).showQuestionFlow === true
  );
}
