import {
  ApiError,
} from '../../shared/api';
import {
  capitalizeName,
  loginBodySchema,
  registerBodySchema,
  type LoginBody,
  type RegisterBody,
  type RegisterInput,
} from '@wayfare/contract';
import type { ZodType } from 'zod';

export type LoginValues = { email: string; password: string };
export type SignupValues = Required<{ [K in keyof RegisterInput]: string }>;
export type FieldErrors<V> = Partial<Record<keyof V & string, string>>;

export type Validation<V, B> = { ok: true; body: B } | { ok: false; errors: FieldErrors<V> };

/** The first message per field, in the order the fields appear in the form. */
function validate<V extends Record<string, string>, B>(schema: ZodType<B>, values: V): Validation<V, B> {
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

/** Signup rules; the body carries trimmed fields and names capitalised (spec §5: "mARIA" → "Maria"). */
export function validateSignup(values: SignupValues): Validation<SignupValues, RegisterBody> {
  const result = validate(registerBodySchema, values);
  if (!result.ok) return result;
  const { first_name, last_name } = result.body;
  return { ok: true, body: { ...result.body, first_name: capitalizeName(first_name), last_name: capitalizeName(last_name) } };
}

/** The server's per-field messages (`details`, keyed by field path) for the fields this form shows. */
export function serverFieldErrors<V extends Record<string, string>>(error: unknown, values: V): FieldErrors<V> {
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
