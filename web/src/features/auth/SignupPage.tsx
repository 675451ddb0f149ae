import { Link, useLocation, useNavigate } from 'react-router';
import { UserPlus } from 'lucide-react';
import { registerBodySchema, type RegisterBody } from '@wayfare/contract';
import { useSchemaForm } from '@/shared/forms/useSchemaForm';
import { TextInput } from '@/shared/ui/Field';
import { AuthForm } from './AuthForm';
import { AuthLayout } from './AuthLayout';
import { registerRequest } from './authApi';
import { EmailField, PasswordField } from './CredentialFields';
import styles from './authForm.module.css';
import { signupFailureDetail } from './forms';
import { readLoginState, wayBack, type LoginLocationState } from './loginState';

const SIGNUP_FAILED = 'Signup failed. Please try again with different credentials.';
const SIGNUP_SUCCEEDED = 'Account created successfully! Please log in to start your journey.';

const EMPTY = { username: '', first_name: '', last_name: '', email: '', password: '' };

export function SignupPage() {
  const location = useLocation();
  const navigate = useNavigate();
  const back = wayBack(readLoginState(location.state));

  const form = useSchemaForm(registerBodySchema, { defaultValues: EMPTY });
  const { errors } = form.formState;

  // The body is what the API expects: trimmed, email lower-cased, names capitalised (spec §5: "mARIA" → "Maria").
  const send = async (body: RegisterBody) => {
    await registerRequest(body);
    const state: LoginLocationState = { message: SIGNUP_SUCCEEDED, email: body.email, ...back };
    void navigate('/login', { state });
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
          <Link to="/login" state={back}>
            Log in
          </Link>
        </>
      }
    >
      <AuthForm
        form={form}
        onSend={send}
        failure={SIGNUP_FAILED}
        failureDetail={signupFailureDetail}
        submitLabel="Create account"
        loadingText="Creating account…"
      >
        <TextInput
          label="Username"
          autoComplete="username"
          autoCapitalize="none"
          spellCheck={false}
          required
          error={errors.username?.message}
          {...form.register('username')}
        />
        <div className={styles.row}>
          <TextInput
            label="First name"
            autoComplete="given-name"
            required
            error={errors.first_name?.message}
            {...form.register('first_name')}
          />
          <TextInput
            label="Last name"
            autoComplete="family-name"
            required
            error={errors.last_name?.message}
            {...form.register('last_name')}
          />
        </div>
        <EmailField error={errors.email?.message} {...form.register('email')} />
        <PasswordField isNew error={errors.password?.message} {...form.register('password')} />
      </AuthForm>
    </AuthLayout>
  );
}
