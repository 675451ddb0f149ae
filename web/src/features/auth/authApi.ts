import type { LoginBody, LoginResponse, RegisterBody, RegisterResponse } from '@wayfare/contract';
import { apiFetch } from '../../shared/api';

export function loginRequest(body: LoginBody): Promise<LoginResponse> {
  return apiFetch<LoginResponse>('/api/auth/login', { method: 'POST', body });
}

export function registerRequest(body: RegisterBody): Promise<RegisterResponse> {
  return apiFetch<RegisterResponse>('/api/auth/register', { method: 'POST', body });
}
