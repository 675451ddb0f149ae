import type { z } from 'zod';
import { HttpError } from './errors';

/**
 * Parses untrusted input (a body, params or query) with a contract schema. A reject is a 400 whose
 * `error` is the first problem in words and whose `details` names every offending field.
 */
export function parseInput<S extends z.ZodType>(schema: S, input: unknown): z.output<S> {
  const result = schema.safeParse(input ?? {});
  if (result.success) return result.data;
  const details: Record<string, string> = {};
  for (const issue of result.error.issues) {
    const key = issue.path.join('.') || '_';
    details[key] ??= issue.message;
  }
  const first = result.error.issues[0];
  const message = first && first.code !== 'unrecognized_keys' ? first.message : 'The request is not valid';
  throw new HttpError(400, message, details);
}
