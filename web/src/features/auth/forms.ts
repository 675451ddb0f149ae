import { ApiError, RequestError } from '@/shared/api';

/**
 * The extra line under 'Login failed. Please check your credentials.': nothing for wrong credentials (the headline
 * says it all), otherwise the server's or network's own explanation (rate limit, outage).
 */
export function loginFailureDetail(error: unknown): string | undefined {
  if (!(error instanceof RequestError) || (error instanceof ApiError && error.status === 401))
    return undefined;
  return error.message;
}

/** The line under 'Signup failed…': what the server says to change ("That email is already registered"). */
export const signupFailureDetail = (error: unknown): string | undefined =>
  error instanceof RequestError ? error.message : undefined;
