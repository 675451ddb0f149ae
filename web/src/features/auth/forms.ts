import {
  loginBodySchema,
  registerBodySchema,
  type LoginBody,
  type RegisterBody,
  type RegisterInput,
} from '@wayfare/contract';
import { ApiError } from '../../shared/api';

export type LoginValues = { email: string; password: string };
export type SignupValues = Required<{ [K in keyof RegisterInput]: string }>;
export type FieldErrors<V> = Partial<Record<keyof V & string, string>>;

export type Validation<V, B> = { ok: true; body: B } | { ok: false; errors: FieldErrors<V> };

/** The part of a zod schema used here (zod itself is the contract's dependency, not the web's). */
interface Schema<B> {
  safeParse(
    value: unknown,
  ):
    | { success: true; data: B }
    | { success: false; error: { issues: ReadonlyArray<{ path: readonly PropertyKey[]; message: string }> } };
}

/** The first message per field, in the order the fields appear in the form. */
function validate<V extends Record<string, string>, B>(schema: Schema<B>, values: V): Validation<V, B> {
  const result = schema.safeParse(values);
  if (result.success) return { ok: true, body: result.data };
  const errors: FieldErrors<V> = {};
  for (const issue of result.error.issues) {
    const field = issue.path[0];
    if (typeof field === 'string' && field in values && !(field in errors)) {
      errors[field as keyof V & string] = issue.message;
    }
  }
  return { ok: false, errors };
}

/** The same rules the server applies, so most mistakes are caught before a round trip. */
export function validateLogin(values: LoginValues): Validation<LoginValues, LoginBody> {
  return validate(loginBodySchema, values);
}

/**
 * Signup rules; the body is what the API expects: trimmed, email lower-cased, and names capitalised by the
 * contract's capitalizeName (spec §5: "mARIA" → "Maria").
 */
export function validateSignup(values: SignupValues): Validation<SignupValues, RegisterBody> {
  return validate(registerBodySchema, values);
}

/** The server's per-field messages (`details`, keyed by field path) for the fields this form shows. */
export function serverFieldErrors<V extends Record<string, string>>(
  error: unknown,
  values: V,
): FieldErrors<V> {
  const details = error instanceof ApiError ? error.body?.details : undefined;
  const errors: FieldErrors<V> = {};
  for (const [path, message] of Object.entries(details ?? {})) {
    const field = path.split('.')[0];
    if (field !== undefined && field in values) errors[field as keyof V & string] = message;
  }
  return errors;
}

/**
 * The extra line under 'Login failed. Please check your credentials.': nothing for wrong credentials (the headline
 * says it all), otherwise the server's or network's own explanation (rate limit, outage).
 */
export function loginFailureDetail(error: unknown): string | undefined {
  if (!(error instanceof ApiError) || error.status === 401) return undefined;
  return error.message;
}
