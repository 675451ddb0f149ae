import { zodResolver } from '@hookform/resolvers/zod';
import {
  useForm,
  type FieldValues,
  type Path,
  type SubmitHandler,
  type UseFormProps,
  type UseFormReturn,
} from 'react-hook-form';
import { ApiError } from '../api';

/** A zod 4 schema from `contract/` (the web does not import zod itself): what the form holds in, what it sends out. */
export interface FormSchema<In, Out> {
  _zod: { input: In; output: Out };
}

/** A form over a contract schema: values as typed (`In`), and the schema's parsed output (`Out`) on submit. */
export type SchemaForm<In extends FieldValues, Out> = UseFormReturn<In, unknown, Out>;

/**
 * react-hook-form with a contract schema as its resolver, so the browser checks the very rules the server applies,
 * with the same messages. Validation runs on submit, then on every change of a field that was wrong; on a failed
 * submit the first invalid field (in form order) takes focus.
 */
export function useSchemaForm<In extends FieldValues, Out>(
  schema: FormSchema<In, Out>,
  options: Omit<UseFormProps<In, unknown, Out>, 'resolver'> = {},
): SchemaForm<In, Out> {
  return useForm<In, unknown, Out>({
    mode: 'onSubmit',
    reValidateMode: 'onChange',
    shouldFocusError: true,
    ...options,
    resolver: zodResolver(schema),
  });
}

/**
 * The submit handler of a form that sends its parsed values: `send` runs with the schema's output; if it throws,
 * the error is shown at the form (`errors.root.server`, its message what `describe` makes of it) and any per-field
 * messages the server gave (`details`, keyed by field path) at their fields, the first of them focused.
 * `formState.isSubmitting` is true while `send` runs: the submit button's loading state.
 */
export function submitTo<In extends FieldValues, Out>(
  form: SchemaForm<In, Out>,
  send: SubmitHandler<Out>,
  describe: (error: unknown) => string | undefined,
) {
  return form.handleSubmit(async (body) => {
    try {
      await send(body);
    } catch (error) {
      showServerError(form, error, describe(error));
    }
  });
}

/** Shows a refused or failed submit at the form, and the server's per-field messages at the fields on this form. */
export function showServerError<In extends FieldValues, Out>(
  form: SchemaForm<In, Out>,
  error: unknown,
  message: string | undefined,
): void {
  const values = form.getValues();
  const fields = Object.entries(serverDetails(error))
    .map(([path, text]) => [path.split('.')[0] ?? '', text] as const)
    .filter(([field]) => field in values);
  for (const [field, text] of fields) form.setError(field as Path<In>, { type: 'server', message: text });
  form.setError('root.server', { type: 'server', message: message ?? '' });
  const first = fields[0];
  if (first) form.setFocus(first[0] as Path<In>);
}

const serverDetails = (error: unknown): Record<string, string> =>
  (error instanceof ApiError ? error.body?.details : undefined) ?? {};

/**
 * The message of a field's error, for a field whose value is a record (typed amounts by user id): react-hook-form
 * types its `message` as possibly a nested error too, which it never is here.
 */
export const recordFieldMessage = (error: { message?: unknown } | undefined): string | undefined =>
  typeof error?.message === 'string' ? error.message : undefined;
