import {
  login,
  register,
  type LoginBody,
  type LoginResponse,
  type RegisterBody,
  type RegisterResponse,
} from '@wayfare/contract';
import { callEndpoint } from '@/shared/callEndpoint';

export function loginRequest(body: LoginBody): Promise<LoginResponse> {
  return callEndpoint(login, { body });
}

export function registerRequest(body: RegisterBody): Promise<RegisterResponse> {
  return callEndpoint(register, { body });
}
