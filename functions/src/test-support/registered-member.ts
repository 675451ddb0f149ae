import type { TestApi } from './api-server';

let registered = 0;

/**
 * A member signed up and logged in through the API itself (POST /api/auth/register, then /login), as a client
 * would: its id, its session token and the account it was made with. Users made straight in the store are
 * `signedInUser` (functions/src/trips/test-members.ts).
 */
export async function registerMember(api: TestApi, first = 'ana', prefix = 'member') {
  registered += 1;
  const tag = `${Date.now().toString(36)}${registered}`;
  const account = {
    username: `${prefix}_${tag}`,
    email: `${prefix}.${tag}@example.com`,
    password: 'a long enough password',
    first_name: first,
    last_name: 'tester',
  };
  const signedUp = await api.call('POST', '/api/auth/register', { body: account });
  const login = await api.call('POST', '/api/auth/login', {
    body: { email: account.email, password: account.password },
  });
  return { id: signedUp.body.user.id as string, token: login.body.token as string, ...account };
}
