import { useState, type ChangeEvent, type FormEvent } from 'react';
import { Link, useLocation, useNavigate } from 'react-router';
import { LogIn } from 'lucide-react';
import { focusFirstError } from '../../shared/focusFirstError';
import { Button } from '../../shared/ui/Button';
import { Notice } from '../../shared/ui/Notice';
import { TextField } from '../../shared/ui/TextField';
import { AuthLayout } from './AuthLayout';
import { loginRequest } from './authApi';
import styles from './authForm.module.css';
import { loginFailureDetail, validateLogin, type FieldErrors, type LoginValues } from './forms';
import { afterLoginDestination, readLoginState, type LoginLocationState } from './loginState';
import { useSession } from './SessionContext';

const LOGIN_FAILED = 'Login failed. Please check your credentials.';

export function LoginPage() {
  const location = useLocation();
  const navigate = useNavigate();
  const { login } = useSession();
  const incoming = readLoginState(location.state);

  const [values, setValues] = useState<LoginValues>({ email: incoming.email ?? '', password: '' });
  const [errors, setErrors] = useState<FieldErrors<LoginValues>>({});
  const [failure, setFailure] = useState<{ detail?: string } | null>(null);
  const [pending, setPending] = useState(false);

  const change = (event: ChangeEvent<HTMLInputElement>) => {
    const field = event.target.name as keyof LoginValues;
    setValues((current) => ({ ...current, [field]: event.target.value }));
    setErrors((current) => ({ ...current, [field]: undefined }));
  };

  const submit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const result = validateLogin(values);
    if (!result.ok) {
      setErrors(result.errors);
      focusFirstError(event.currentTarget, result.errors);
      return;
    }
    setFailure(null);
    setPending(true);
    try {
      const { token } = await loginRequest(result.body);
      if (!login(token)) throw new Error('The server answered with a token that is not a session');
      const destination = afterLoginDestination(incoming);
      void navigate(destination.to, { replace: true, state: destination.state });
    } catch (error) {
      setFailure({ detail: loginFailureDetail(error) });
      setPending(false);
    }
  };

  // Signing up from here keeps the way back to the question flow, or to the invite link.
  const signupState: LoginLocationState = { returnTo: incoming.returnTo, joinToken: incoming.joinToken };

  return (
    <AuthLayout
      icon={LogIn}
      documentTitle="Log in"
      title="Welcome Back!"
      subtitle="Log in to plan your trips and settle up with your group."
      footer={
        <>
          New to Wayfare?{' '}
          <Link to="/signup" state={signupState}>
            Create an account
          </Link>
        </>
      }
    >
      {incoming.message && <Notice tone="info">{incoming.message}</Notice>}
      {failure && (
        <Notice tone="error" detail={failure.detail}>
          {LOGIN_FAILED}
        </Notice>
      )}
      <form className={styles.form} onSubmit={submit} noValidate>
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
          autoComplete="current-password"
          required
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
          loadingText="Logging in…"
        >
          Log in
        </Button>
      </form>
    </AuthLayout>
  );
}
