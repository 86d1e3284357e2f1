import { queryOptions } from '@tanstack/react-query';
import type { LoginRequest, MeResponse, PublicUser, SignupResponse } from '@forge/protocol/api';
import { apiJson } from '../client';
import { isApiError } from '../errors';

export const authKeys = { me: ['/api/auth/me'] as const };

/** The signed-in user, or null for a visitor (a 401 is an answer here, not an error). */
export const meQueryOptions = queryOptions({
  queryKey: authKeys.me,
  queryFn: async ({ signal }): Promise<PublicUser | null> => {
    try {
      return (await apiJson<MeResponse>('/api/auth/me', { signal })).user;
    } catch (err) {
      if (isApiError(err, 401)) return null;
      throw err;
    }
  },
});

export function signup(): Promise<SignupResponse> {
  return apiJson<SignupResponse>('/api/auth/signup', { method: 'POST', body: {} });
}

export function login(body: LoginRequest): Promise<MeResponse> {
  return apiJson<MeResponse>('/api/auth/login', { method: 'POST', body: { ...body } });
}

export function logout(): Promise<void> {
  return apiJson<void>('/api/auth/logout', { method: 'POST' });
}
