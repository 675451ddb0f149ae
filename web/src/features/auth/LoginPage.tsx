import { Link, useLocation, useNavigate } from 'react-router';
import { LogIn } from 'lucide-react';
import { loginBodySchema, type LoginBody } from '@wayfare/contract';
import { useSchemaForm } from '@/shared/forms/useSchemaForm';
import { Notice } from '@/shared/ui/Notice';
import { AuthForm } from './AuthForm';
import { AuthLayout } from './AuthLayout';
import { loginRequest } from './authApi';
import { EmailField, PasswordField } from './CredentialFields';
import { loginFailureDetail } from './forms';
import { afterLoginDestination, readLoginState, wayBack } from './loginState';
import { useSession } from './SessionContext';

const LOGIN_FAILED = 'Login failed. Please check your credentials.';

export function LoginPage() {
  const location = useLocation();
  const navigate = useNavigate();
  const { login } = useSession();
  const incoming = readLoginState(location.state);

  const form = useSchemaForm(loginBodySchema, {
    defaultValues: { email: incoming.email ?? '', password: '' },
  });
  const { errors } = form.formState;

  const send = async (body: LoginBody) => {
    const { token } = await loginRequest(body);
    if (!login(token)) throw new Error('The server answered with a token that is not a session');
    const destination = afterLoginDestination(incoming);
    void navigate(destination.to, { replace: true, state: destination.state });
  };

  // Signing up from here keeps the way back to the question flow, or to the invite or claim link.
  const signupState = wayBack(incoming);

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
      <AuthForm
        form={form}
        onSend={send}
        failure={LOGIN_FAILED}
        failureDetail={loginFailureDetail}
        submitLabel="Log in"
        loadingText="Logging in…"
      >
        <EmailField error={errors.email?.message} {...form.register('email')} />
        <PasswordField error={errors.password?.message} {...form.register('password')} />
      </AuthForm>
    </AuthLayout>
  );
}
