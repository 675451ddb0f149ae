import { addPolicyBodySchema, meResponseSchema } from '../add-policy';
import { loginBodySchema, registerBodySchema, type LoginResponse, type RegisterResponse } from '../auth';
import { healthResponse } from '../errors';
import { paymentHandlesBodySchema } from '../payments/handles';
import { endpoint, typedAnswer } from './endpoint';

export const health = endpoint({
  method: 'GET',
  path: '/health',
  answer: typedAnswer<typeof healthResponse>(),
  status: 200,
});

/** The server's caches and memory (only where the configuration turns the report on). */
export const cacheReport = endpoint({
  method: 'GET',
  path: '/health/caches',
  answer: typedAnswer<{ caches: unknown; memory: unknown }>(),
  status: 200,
});

export const register = endpoint({
  method: 'POST',
  path: '/auth/register',
  body: registerBodySchema,
  answer: typedAnswer<RegisterResponse>(),
  status: 201,
});

export const login = endpoint({
  method: 'POST',
  path: '/auth/login',
  body: loginBodySchema,
  answer: typedAnswer<LoginResponse>(),
  status: 200,
});

export const getMe = endpoint({
  method: 'GET',
  path: '/auth/me',
  answer: meResponseSchema,
  status: 200,
});

/** The account setting "Who can add me to a trip". */
export const setAddPolicy = endpoint({
  method: 'PUT',
  path: '/auth/me/add-policy',
  body: addPolicyBodySchema,
  answer: meResponseSchema,
  status: 200,
});

/** The account's payment handles, replaced whole; members of the user's trips read them to pay the user. */
export const setPaymentHandles = endpoint({
  method: 'PUT',
  path: '/auth/me/payment-handles',
  body: paymentHandlesBodySchema,
  answer: meResponseSchema,
  status: 200,
});
