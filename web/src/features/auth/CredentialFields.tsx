import type { UseFormRegisterReturn } from 'react-hook-form';
import { PASSWORD_MIN_LENGTH } from '@wayfare/contract';
import { TextInput } from '@/shared/ui/Field';

/** A field of the login and signup forms: its registration (`form.register(name)`) and its error. */
type CredentialFieldProps = UseFormRegisterReturn & { error?: string };

/** The email both cards ask for. */
export function EmailField(props: CredentialFieldProps) {
  return <TextInput label="Email" type="email" autoComplete="email" inputMode="email" required {...props} />;
}

/** The password: the current one to log in, or a new one (with its minimum length, said under it) to sign up. */
export function PasswordField({ isNew = false, ...props }: CredentialFieldProps & { isNew?: boolean }) {
  return (
    <TextInput
      label="Password"
      type="password"
      autoComplete={isNew ? 'new-password' : 'current-password'}
      required
      {...(isNew && { minLength: PASSWORD_MIN_LENGTH, hint: `At least ${PASSWORD_MIN_LENGTH} characters.` })}
      {...props}
    />
  );
}
