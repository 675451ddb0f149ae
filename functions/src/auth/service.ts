import type { LoginBody, LoginResponse, PublicUser, RegisterBody } from '@wayfare/contract';
import { HttpError } from '../http/errors';
import { UniqueConstraintError, type Store, type UserRecord } from '../store/types';
import { decoyHash, hashPassword, verifyPassword } from './passwords';
import type { TokenService } from '../http/tokens';

export const INVALID_CREDENTIALS = 'Invalid email or password';

export interface AuthServiceDeps {
  store: Store;
  tokens: TokenService;
  /** Firebase mode: a custom token for the Firestore client SDK's live listeners. */
  createFirebaseToken?: (userId: string) => Promise<string>;
}

export const toPublicUser = ({
  id,
  username,
  email,
  first_name,
  last_name,
  add_policy,
  payment_handles,
}: UserRecord): PublicUser => ({ id, username, email, first_name, last_name, add_policy, payment_handles });

export function createAuthService({ store, tokens, createFirebaseToken }: AuthServiceDeps) {
  return {
    async register(body: RegisterBody): Promise<PublicUser> {
      const { password, ...profile } = body;
      try {
        const user = await store.users.create({ ...profile, password_hash: await hashPassword(password) });
        return toPublicUser(user);
      } catch (err) {
        if (!(err instanceof UniqueConstraintError)) throw err;
        throw new HttpError(
          409,
          err.field === 'email' ? 'That email is already registered' : 'That username is already taken',
          { [err.field]: 'Already in use' },
        );
      }
    },

    async login({ email, password }: LoginBody): Promise<LoginResponse> {
      const user = await store.users.findByEmail(email);
      const valid = await verifyPassword(password, user?.password_hash ?? (await decoyHash()));
      if (!user || !valid) throw new HttpError(401, INVALID_CREDENTIALS);
      const token = await tokens.issue({
        userId: user.id,
        email: user.email,
        username: user.username,
        first_name: user.first_name,
        last_name: user.last_name,
      });
      return createFirebaseToken ? { token, firebaseToken: await createFirebaseToken(user.id) } : { token };
    },
  };
}
