import type { ReactNode } from 'react';
import type { FieldValues, SubmitHandler } from 'react-hook-form';
import { submitTo, type SchemaForm } from '@/shared/forms/useSchemaForm';
import { Button } from '@/shared/ui/Button';
import { Notice } from '@/shared/ui/Notice';
import styles from './authForm.module.css';

interface AuthFormProps<In extends FieldValues, Out> {
  form: SchemaForm<In, Out>;
  /** Sends the parsed values; a throw shows `failure` at the form. */
  onSend: SubmitHandler<Out>;
  /** The spec's headline when sending fails ('Login failed. Please check your credentials.'). */
  failure: string;
  /** The line under the headline for an error, if any (the server's or the network's explanation). */
  failureDetail: (error: unknown) => string | undefined;
  submitLabel: string;
  loadingText: string;
  /** The fields: shared Field primitives with `form.register`. */
  children: ReactNode;
}

/** The form of the login and signup cards: its fields, the failure at the top, and the submit button's loading state. */
export function AuthForm<In extends FieldValues, Out>({
  form,
  onSend,
  failure,
  failureDetail,
  submitLabel,
  loadingText,
  children,
}: AuthFormProps<In, Out>) {
  const { errors, isSubmitting } = form.formState;
  const server = errors.root?.server;
  return (
    <>
      {server && (
        <Notice tone="error" detail={server.message || undefined}>
          {failure}
        </Notice>
      )}
      <form
        className={styles.form}
        onSubmit={(event) => void submitTo(form, onSend, failureDetail)(event)}
        noValidate
      >
        {children}
        <Button
          type="submit"
          size="large"
          fullWidth
          className={styles.submit}
          loading={isSubmitting}
          loadingText={loadingText}
        >
          {submitLabel}
        </Button>
      </form>
    </>
  );
}
