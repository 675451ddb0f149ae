import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { Route, Routes, useLocation } from 'react-router';
import { describe, expect, it, vi } from 'vitest';
import { Providers } from '@/test-support/session';
import { stubApi } from '@/test-support/stubApi';
import { LoginPage } from './LoginPage';
import { SignupPage } from './SignupPage';

/** Where the screen went, and the message it carried there. */
function Landed() {
  const location = useLocation();
  const state = location.state as { message?: string; email?: string } | null;
  return (
    <p>
      Landed on {location.pathname} {state?.email} {state?.message}
    </p>
  );
}

function renderAt(path: '/login' | '/signup', login = vi.fn(() => true), state?: unknown) {
  render(
    <Providers user={null} path={path} state={state} login={login}>
      <Routes>
        <Route path="/login" element={path === '/login' ? <LoginPage /> : <Landed />} />
        <Route path="/signup" element={<SignupPage />} />
        <Route path="/" element={<Landed />} />
      </Routes>
    </Providers>,
  );
  return login;
}

describe('LoginPage', () => {
  it('checks on submit, focuses the first wrong field, then re-checks as the person types', async () => {
    const requests = stubApi({});
    renderAt('/login');
    await userEvent.click(screen.getByRole('button', { name: 'Log in' }));

    const email = screen.getByLabelText('Email');
    const password = screen.getByLabelText('Password');
    expect(email).toHaveFocus();
    expect(email).toBeInvalid();
    expect(email).toHaveAccessibleDescription('Email is required');
    expect(password).toHaveAccessibleDescription('Password is required');
    expect(requests).toHaveLength(0);

    await userEvent.type(email, 'not an email');
    expect(email).toHaveAccessibleDescription('Enter a valid email address');
    await userEvent.clear(email);
    await userEvent.type(email, 'ana@example.com');
    expect(email).toBeValid();
    expect(email).not.toHaveAccessibleDescription();
  });

  it('sends the checked body, keeps the session and goes home', async () => {
    const requests = stubApi({ 'POST /api/auth/login': { body: { token: 'a.b.c' } } });
    const login = renderAt('/login');
    await userEvent.type(screen.getByLabelText('Email'), ' Ana@Example.com ');
    await userEvent.type(screen.getByLabelText('Password'), 'secret words');
    await userEvent.click(screen.getByRole('button', { name: 'Log in' }));

    expect(await screen.findByText(/Landed on \//)).toBeVisible();
    expect(requests[0]?.body).toEqual({ email: 'ana@example.com', password: 'secret words' });
    expect(login).toHaveBeenCalledWith('a.b.c');
  });

  it('says the login failed, with the reason only when it is not the credentials', async () => {
    let status = 401;
    stubApi({
      'POST /api/auth/login': () => ({
        status,
        body: { error: status === 401 ? 'Invalid email or password' : 'Too many attempts' },
      }),
    });
    renderAt(
      '/login',
      vi.fn(() => true),
      { email: 'ana@example.com' },
    );
    expect(screen.getByLabelText('Email')).toHaveValue('ana@example.com');
    await userEvent.type(screen.getByLabelText('Password'), 'wrong');
    await userEvent.click(screen.getByRole('button', { name: 'Log in' }));

    expect(await screen.findByText('Login failed. Please check your credentials.')).toBeVisible();
    expect(screen.queryByText('Invalid email or password')).toBeNull();
    expect(screen.getByRole('button', { name: 'Log in' })).toBeEnabled();

    status = 429;
    await userEvent.click(screen.getByRole('button', { name: 'Log in' }));
    expect(await screen.findByText('Too many attempts')).toBeVisible();
  });

  it('shows the loading state while the request is out', async () => {
    let answer: (value: Response) => void = () => {};
    vi.stubGlobal('fetch', () => new Promise<Response>((resolve) => (answer = resolve)));
    renderAt('/login');
    await userEvent.type(screen.getByLabelText('Email'), 'ana@example.com');
    await userEvent.type(screen.getByLabelText('Password'), 'secret words');
    await userEvent.click(screen.getByRole('button', { name: 'Log in' }));

    const busy = await screen.findByRole('button', { name: 'Logging in…' });
    expect(busy).toHaveFocus();
    expect(busy).toHaveAttribute('aria-disabled', 'true');
    expect(busy).toHaveAttribute('aria-busy', 'true');
    answer(new Response(JSON.stringify({ error: 'Invalid email or password' }), { status: 401 }));
    expect(await screen.findByText('Login failed. Please check your credentials.')).toBeVisible();
  });
});

describe('SignupPage', () => {
  it("gives each wrong field the contract's message and focuses the first one", async () => {
    stubApi({});
    renderAt('/signup');
    await userEvent.type(screen.getByLabelText('Username'), 'ana_b');
    await userEvent.type(screen.getByLabelText('Email'), 'nope');
    await userEvent.type(screen.getByLabelText('Password'), 'short');
    await userEvent.click(screen.getByRole('button', { name: 'Create account' }));

    const first = screen.getByLabelText('First name');
    expect(first).toHaveFocus();
    expect(first).toHaveAccessibleDescription('First name is required');
    expect(screen.getByLabelText('Last name')).toHaveAccessibleDescription('Last name is required');
    expect(screen.getByLabelText('Email')).toHaveAccessibleDescription('Enter a valid email address');
    expect(screen.getByLabelText('Password')).toHaveAccessibleDescription(
      'Password must be at least 8 characters',
    );
    expect(screen.getByLabelText('Username')).toBeValid();
  });

  it('sends trimmed values with capitalised names, then asks the person to log in', async () => {
    const requests = stubApi({ 'POST /api/auth/register': { status: 201, body: { user: {} } } });
    renderAt('/signup');
    await userEvent.type(screen.getByLabelText('Username'), ' ana_b ');
    await userEvent.type(screen.getByLabelText('First name'), 'aNA');
    await userEvent.type(screen.getByLabelText('Last name'), 'SILVA');
    await userEvent.type(screen.getByLabelText('Email'), ' Ana@Example.com ');
    await userEvent.type(screen.getByLabelText('Password'), 'long enough');
    await userEvent.click(screen.getByRole('button', { name: 'Create account' }));

    expect(
      await screen.findByText(
        'Landed on /login ana@example.com Account created successfully! Please log in to start your journey.',
      ),
    ).toBeVisible();
    expect(requests[0]?.body).toEqual({
      username: 'ana_b',
      first_name: 'Ana',
      last_name: 'Silva',
      email: 'ana@example.com',
      password: 'long enough',
    });
  });

  it("shows the server's refusal at the form and its field message at the field", async () => {
    stubApi({
      'POST /api/auth/register': {
        status: 409,
        body: { error: 'That email is already registered', details: { email: 'Already registered' } },
      },
    });
    renderAt('/signup');
    await userEvent.type(screen.getByLabelText('Username'), 'ana_b');
    await userEvent.type(screen.getByLabelText('First name'), 'Ana');
    await userEvent.type(screen.getByLabelText('Last name'), 'Silva');
    await userEvent.type(screen.getByLabelText('Email'), 'ana@example.com');
    await userEvent.type(screen.getByLabelText('Password'), 'long enough');
    await userEvent.click(screen.getByRole('button', { name: 'Create account' }));

    expect(
      await screen.findByText('Signup failed. Please try again with different credentials.'),
    ).toBeVisible();
    expect(screen.getByText('That email is already registered')).toBeVisible();
    const email = screen.getByLabelText('Email');
    expect(email).toHaveAccessibleDescription('Already registered');
    expect(email).toHaveFocus();
  });
});
