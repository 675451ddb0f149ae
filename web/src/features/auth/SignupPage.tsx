import { useState, type ChangeEvent, type FormEvent } from 'react';
import { Link, useLocation, useNavigate } from 'react-router';
import { UserPlus } from 'lucide-react';
import { PASSWORD_MIN_LENGTH } from '@wayfare/contract';
import { ApiError } from '../../shared/api';
import { focusFirstError } from '../../shared/focusFirstError';
import { Button } from '../../shared/ui/Button';
import { Notice } from '../../shared/ui/Notice';
import { TextField } from '../../shared/ui/TextField';
import { AuthLayout } from './AuthLayout';
import { registerRequest } from './authApi';
import styles from './authForm.module.css';
import { serverFieldErrors, validateSignup, type FieldErrors, type SignupValues } from './forms';
import { readLoginState, type LoginLocationState } from './loginState';

const SIGNUP_FAILED = 'Signup failed. Please try again with different credentials.';
const SIGNUP_SUCCEEDED = 'Account created successfully! Please log in to start your journey.';

const EMPTY: SignupValues = { username: '', first_name: '', last_name: '', email: '', password: '' };

export function SignupPage() {
  const location = useLocation();
  const navigate = useNavigate();
  const { returnTo, joinToken } = readLoginState(location.state);

  const [values, setValues] = useState<SignupValues>(EMPTY);
  const [errors, setErrors] = useState<FieldErrors<SignupValues>>({});
  const [failure, setFailure] = useState<{ detail?: string } | null>(null);
  const [pending, setPending] = useState(false);

  const change = (event: ChangeEvent<HTMLInputElement>) => {
    const field = event.target.name as keyof SignupValues;
    setValues((current) => ({ ...current, [field]: event.target.value }));
    setErrors((current) => ({ ...current, [field]: undefined }));
  };

  const submit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const form = event.currentTarget;
    const result = validateSignup(values);
    if (!result.ok) {
      setErrors(result.errors);
      focusFirstError(form, result.errors);
      return;
    }
    setFailure(null);
    setPending(true);
    try {
      await registerRequest(result.body);
      const state: LoginLocationState = {
        message: SIGNUP_SUCCEEDED,
        email: result.body.email,
        returnTo,
        joinToken,
      };
      void navigate('/login', { state });
    } catch (error) {
      // The server says what to change ("That email is already registered"); show it under the headline.
      const fieldErrors = serverFieldErrors(error, values);
      setErrors(fieldErrors);
      setFailure({ detail: error instanceof ApiError ? error.message : undefined });
      setPending(false);
      focusFirstError(form, fieldErrors);
    }
  };

  return (
    <AuthLayout
      icon={UserPlus}
      documentTitle="Sign up"
      title="Create your account"
      subtitle="Plan trips from your preferences and split costs fairly with friends."
      footer={
        <>
          Already have an account?{' '}
          <Link to="/login" state={{ returnTo, joinToken } satisfies LoginLocationState}>
            Log in
          </Link>
        </>
      }
    >
      {failure && (
        <Notice tone="error" detail={failure.detail}>
          {SIGNUP_FAILED}
        </Notice>
      )}
      <form className={styles.form} onSubmit={submit} noValidate>
        <TextField
          label="Username"
          name="username"
          autoComplete="username"
          autoCapitalize="none"
          spellCheck={false}
          required
          value={values.username}
          onChange={change}
          error={errors.username}
        />
        <div className={styles.row}>
          <TextField
            label="First name"
            name="first_name"
            autoComplete="given-name"
            required
            value={values.first_name}
            onChange={change}
            error={errors.first_name}
          />
          <TextField
            label="Last name"
            name="last_name"
            autoComplete="family-name"
            required
            value={values.last_name}
            onChange={change}
            error={errors.last_name}
          />
        </div>
        <TextField
          label="Email"
          name="email"
          type="email"
          autoComplete="email"
          inputMode="email"
          required
          value={values.email}
          onChange={change}
          error={errors.email}
        />
        <TextField
          label="Password"
          name="password"
          type="password"
          autoComplete="new-password"
          required
          minLength={PASSWORD_MIN_LENGTH}
          hint={`At least ${PASSWORD_MIN_LENGTH} characters.`}
          value={values.password}
          onChange={change}
          error={errors.password}
        />
        <Button
          type="submit"
          size="large"
          fullWidth
          className={styles.submit}
          loading={pending}
          loadingText="Creating account…"
        >
          Create account
        </Button>
      </form>
    </AuthLayout>
  );
}
