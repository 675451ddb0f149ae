import { useId, type ComponentPropsWithRef, type ReactNode } from 'react';
import { CircleAlert } from 'lucide-react';
import { cx } from '../cx';
import styles from './Field.module.css';

/** What a field's control gets from its Field: its id, and its error or hint tied to it for screen readers. */
export interface FieldControlProps {
  id: string;
  'aria-invalid'?: true;
  'aria-describedby'?: string;
  /** Only for a `group` field: the control is a group named by the label. */
  role?: 'group';
  'aria-labelledby'?: string;
}

export interface FieldFrameProps {
  label: ReactNode;
  /** Shown under the control until there is an error. */
  hint?: ReactNode;
  error?: string;
  /** Adds "(optional)" to the label. */
  optional?: boolean;
  className?: string;
}

interface FieldProps extends FieldFrameProps {
  /**
   * A control that is not one element (a calendar, a set of buttons): the label names a `role="group"`, which gets
   * the control props. Otherwise the label is a `<label>` for the control's id.
   */
  group?: boolean;
  children: (control: FieldControlProps) => ReactNode;
}

/** A label, a control, and under it the control's error (or else its hint). Every form field is one. */
export function Field({ label, hint, error, optional, group = false, className, children }: FieldProps) {
  const id = useId();
  const labelId = `${id}-label`;
  const messageId = `${id}-message`;
  const text = (
    <>
      {label}
      {optional && <span className={styles.optional}> (optional)</span>}
    </>
  );
  return (
    <div className={cx(styles.field, className)}>
      {group ? (
        <span className={styles.label} id={labelId}>
          {text}
        </span>
      ) : (
        <label className={styles.label} id={labelId} htmlFor={id}>
          {text}
        </label>
      )}
      {children({
        id,
        'aria-invalid': error ? true : undefined,
        'aria-describedby': error || hint ? messageId : undefined,
        ...(group && { role: 'group', 'aria-labelledby': labelId }),
      })}
      {error ? (
        <FieldError id={messageId}>{error}</FieldError>
      ) : (
        hint && (
          <p id={messageId} className={styles.hint}>
            {hint}
          </p>
        )
      )}
    </div>
  );
}

/**
 * A field's error line, for a field that is not one Field (a fieldset of rows): tie it to the control or group with
 * its `id` (`aria-describedby`).
 */
export function FieldError({ id, children }: { id?: string; children: ReactNode }) {
  return (
    <p id={id} className={styles.error}>
      <CircleAlert className={styles.errorIcon} size={16} aria-hidden="true" />
      {children}
    </p>
  );
}

type Framed<P> = Omit<P, 'id' | 'className'> & FieldFrameProps & { label: string };

/** Splits a primitive's props into its Field's and its control's. */
function frame<P extends FieldFrameProps>({ label, hint, error, optional, className, ...control }: P) {
  return { field: { label, hint, error, optional, className }, control };
}

/**
 * A labelled text input (any `type` but checkbox, radio and file). Spread react-hook-form's `register(name)` into
 * it: the ref comes with it, so a form's first invalid field takes focus on submit.
 */
export function TextInput(props: Framed<ComponentPropsWithRef<'input'>>) {
  const { field, control } = frame(props);
  return <Field {...field}>{(a11y) => <input {...control} {...a11y} className={styles.control} />}</Field>;
}

/**
 * An amount as people type it in their locale ("15,38", "1.234,56"): text with the decimal keypad, figures lined
 * up. The form reads it with `readTypedAmount` (shared/forms/typed-amount.ts) in a schema's transform, never with
 * Number().
 */
export function MoneyInput(props: Framed<Omit<ComponentPropsWithRef<'input'>, 'type' | 'inputMode'>>) {
  const { field, control } = frame(props);
  return (
    <Field {...field}>
      {(a11y) => (
        <input
          autoComplete="off"
          {...control}
          {...a11y}
          type="text"
          inputMode="decimal"
          className={cx(styles.control, styles.money)}
        />
      )}
    </Field>
  );
}

/** A labelled native select: its options are the children. */
export function Select(props: Framed<ComponentPropsWithRef<'select'>>) {
  const { field, control } = frame(props);
  return <Field {...field}>{(a11y) => <select {...control} {...a11y} className={styles.control} />}</Field>;
}

/** A labelled text area that grows only when the person drags it taller. */
export function TextArea(props: Framed<ComponentPropsWithRef<'textarea'>>) {
  const { field, control } = frame(props);
  return (
    <Field {...field}>
      {(a11y) => <textarea rows={3} {...control} {...a11y} className={styles.control} />}
    </Field>
  );
}
