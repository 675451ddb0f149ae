import { INVITE_LINK_TOKEN } from '@wayfare/contract';

/** The return marker that sends a user back to the question flow after logging in (spec §2 Home). */
export const QUESTION_FLOW_RETURN = 'question-flow';

/** What other screens may pass to /login through the router's location state. */
export interface LoginLocationState {
  /** A notice shown above the form. */
  message?: string;
  returnTo?: typeof QUESTION_FLOW_RETURN;
  /** Pre-fills the email field (after signup). */
  email?: string;
  /** An invite link's token: the visitor joins that trip once logged in (kept through signup too). */
  joinToken?: string;
  /** A guest's claim link's token: the visitor comes back to it once logged in, to say they are that guest. */
  claimToken?: string;
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
    joinToken: tokenOf(stringField(state, 'joinToken')),
    claimToken: tokenOf(stringField(state, 'claimToken')),
  };
}

// Claim links' tokens are made like invite links' (32 random bytes, base64url).
const tokenOf = (value: string | undefined) => (value && INVITE_LINK_TOKEN.test(value) ? value : undefined);

/** Where to go back to after logging in, carried from login to signup and back. */
export const wayBack = ({ returnTo, joinToken, claimToken }: LoginLocationState): LoginLocationState => ({
  returnTo,
  joinToken,
  claimToken,
});

/** The page that joins by an invite link's token. */
export const joinPath = (token: string) => `/join/${token}`;

/** The page where a guest's claim link is opened. */
export const claimPath = (token: string) => `/claim/${token}`;

/**
 * Where a successful login goes: back to the invite or claim link it came from, else Home, opening the question
 * flow when that is where the user came from.
 */
export function afterLoginDestination(state: LoginLocationState): { to: string; state?: HomeLocationState } {
  if (state.joinToken) return { to: joinPath(state.joinToken) };
  if (state.claimToken) return { to: claimPath(state.claimToken) };
  return state.returnTo === QUESTION_FLOW_RETURN
    ? { to: '/', state: { showQuestionFlow: true } }
    : { to: '/' };
}

export function wantsQuestionFlow(state: unknown): boolean {
  return (
    typeof state === 'object' && state !== null && (state as HomeLocationState).showQuestionFlow === true
  );
}
