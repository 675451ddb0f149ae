import { z } from 'zod';
import type { AddPolicy } from './add-policy';
import type { PaymentHandles } from './payments/handles';
import { capitalizeName } from './names';
import { visibleText } from './text';

export const PASSWORD_MIN_LENGTH = 8;

const emailField = z
  .string({ error: 'Email is required' })
  .trim()
  .min(1, 'Email is required')
  .pipe(z.email('Enter a valid email address'))
  .transform((email) => email.toLowerCase());

export const registerBodySchema = z.object({
  username: visibleText('Username', 40).regex(
    /^[\p{L}\p{N}._-]+$/u,
    'Username may contain only letters, digits, dots, dashes and underscores',
  ),
  email: emailField,
  password: z
    .string({ error: 'Password is required' })
    .min(PASSWORD_MIN_LENGTH, `Password must be at least ${PASSWORD_MIN_LENGTH} characters`)
    .max(200, 'Password must be at most 200 characters'),
  first_name: visibleText('First name', 60).transform(capitalizeName),
  last_name: visibleText('Last name', 60).transform(capitalizeName),
});
export type RegisterBody = z.output<typeof registerBodySchema>;
export type RegisterInput = z.input<typeof registerBodySchema>;

export const loginBodySchema = z.object({
  email: emailField,
  password: z.string({ error: 'Password is required' }).min(1, 'Password is required').max(200),
});
export type LoginBody = z.output<typeof loginBodySchema>;

/** What register answers: the public view of the new account. */
export interface PublicUser {
  id: string;
  username: string;
  email: string;
  first_name: string;
  last_name: string;
  /** Who may add them to a trip directly (add-policy.ts); the others' adds become invitations. */
  add_policy: AddPolicy;
  /** Where they can be paid (payments/handles.ts); only they and the members of their trips read it. */
  payment_handles: PaymentHandles;
}
export type RegisterResponse = { user: PublicUser };

export interface LoginResponse {
  token: string;
  /** Firebase mode only: a custom token the browser uses to sign in to Firestore for live listeners. */
  firebaseToken?: string;
}

/** The claims of the session token (spec §3 "User (session)"), plus the standard iat/exp. */
export interface SessionClaims {
  userId: string;
  email: string;
  username: string;
  first_name: string;
  last_name: string;
  /** A guest session's (contract/src/guest-sessions.ts): the one trip it opens; absent for an account's session. */
  guestTripId?: string;
  iat?: number;
  exp?: number;
}
