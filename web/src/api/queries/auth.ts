import { type QueryClient, queryOptions } from '@tanstack/react-query';
import type { LoginRequest, MeResponse, PublicUser, SignupResponse } from '@forge/protocol/api';
import { WEB_ENDPOINTS } from '@forge/protocol/endpoints';
import { apiJson, apiRoute } from '../client';
import { isApiError } from '../errors';

export const authKeys = { me: ['auth', 'me'] as const };

/** The signed-in user, or null for a visitor (a 401 is an answer here, not an error). */
export const meQueryOptions = queryOptions({
  queryKey: authKeys.me,
  queryFn: async ({ signal }): Promise<PublicUser | null> => {
    try {
      return (await apiJson<MeResponse>(apiRoute(WEB_ENDPOINTS.me), { signal })).user;
    } catch (err) {
      if (isApiError(err, 401)) return null;
      throw err;
    }
  },
});

/** Drops every read but the session's: nothing of one account may linger in the cache for the next. */
function forgetAccountData(queryClient: QueryClient): void {
  queryClient.removeQueries({ predicate: (query) => query.queryKey[0] !== authKeys.me[0] });
}

/** A session began (sign-up, sign-in): data cached for an earlier account must not leak into this one. */
export function sessionStarted(queryClient: QueryClient, user: PublicUser): void {
  forgetAccountData(queryClient);
  queryClient.setQueryData(meQueryOptions.queryKey, user);
}

/** The session ended: the browser is a visitor's again. */
export function sessionEnded(queryClient: QueryClient): void {
  queryClient.setQueryData(meQueryOptions.queryKey, null);
  forgetAccountData(queryClient);
}

export function signup(): Promise<SignupResponse> {
  return apiJson<SignupResponse>(apiRoute(WEB_ENDPOINTS.signup), { body: {} });
}

export function login(body: LoginRequest): Promise<MeResponse> {
  return apiJson<MeResponse>(apiRoute(WEB_ENDPOINTS.login), { body: { ...body } });
}

export function logout(): Promise<void> {
  return apiJson<void>(apiRoute(WEB_ENDPOINTS.logout));
}
