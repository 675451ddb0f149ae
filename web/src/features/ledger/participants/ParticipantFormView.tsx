import type { ComponentPropsWithRef, FormEventHandler, ReactNode, Ref } from 'react';
import { UserPlus } from 'lucide-react';
import { Button } from '@/shared/ui/Button';
import { TextInput } from '@/shared/ui/Field';
import styles from '@/shared/ui/Ledger.module.css';

interface ParticipantFormViewProps {
  formRef?: Ref<HTMLFormElement>;
  onSubmit: FormEventHandler<HTMLFormElement>;
  /** The identifier input's own props: its value and handlers (react-hook-form's `register`, or the draft's). */
  input: Omit<ComponentPropsWithRef<'input'>, 'id' | 'className'>;
  error?: string;
  submitting: boolean;
  /** Said under the form after someone was added, or invited instead. */
  notice?: ReactNode;
  /** Where the form first shows interest (a pointer over it, a focus in it): AddParticipantForm loads its logic. */
  onIntent?: () => void;
}

/** The Add Participant form's markup: one field and its button. */
export function ParticipantFormView({
  formRef,
  onSubmit,
  input,
  error,
  submitting,
  notice,
  onIntent,
}: ParticipantFormViewProps) {
  return (
    <form
      ref={formRef}
      className={styles.inlineForm}
      onSubmit={onSubmit}
      onPointerEnter={onIntent}
      onFocus={onIntent}
      noValidate
    >
      <TextInput
        label="Email or username"
        autoComplete="off"
        error={error}
        hint="They'll be able to add expenses and view settlements."
        {...input}
      />
      <Button type="submit" loading={submitting} loadingText="Adding...">
        <UserPlus size={18} aria-hidden="true" /> Add Participant
      </Button>
      {notice}
    </form>
  );
}
