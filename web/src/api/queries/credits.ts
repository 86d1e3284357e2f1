import { type QueryClient, infiniteQueryOptions, queryOptions } from '@tanstack/react-query';
import { CREDITS_PAGE_SIZE, type CreditUsageResponse, type CreditsResponse, type GrantCreditsRequest, type GrantCreditsResponse } from '@forge/protocol/credits';
import { WEB_ENDPOINTS } from '@forge/protocol/endpoints';
import { type ApiRoute, apiJson, apiRoute } from '../client';

/** How often the header's balance is read again while it shows: charges land as jobs and fixes run. */
export const BALANCE_REFRESH_MS = 10_000;

export const creditKeys = {
  /** Everything cached about the account's credits: invalidate after anything that may charge. */
  all: ['credits'] as const,
  balance: ['credits', 'balance'] as const,
  ledger: ['credits', 'ledger'] as const,
  usage: ['credits', 'usage'] as const,
};

function ledgerRoute(params: { before?: string; limit: number }): ApiRoute {
  const route = apiRoute(WEB_ENDPOINTS.credits);
  const query = new URLSearchParams({ limit: String(params.limit), ...(params.before ? { before: params.before } : {}) });
  return { ...route, url: `${route.url}?${query}` };
}

/** The balance alone (one entry of the ledger comes with it). */
export const creditBalanceQueryOptions = queryOptions({
  queryKey: creditKeys.balance,
  queryFn: ({ signal }) => apiJson<CreditsResponse>(ledgerRoute({ limit: 1 }), { signal }),
  select: (data) => data.balanceMicroUsd,
  refetchInterval: BALANCE_REFRESH_MS,
});

/** The ledger, newest first, a page at a time. */
export const creditLedgerQueryOptions = infiniteQueryOptions({
  queryKey: creditKeys.ledger,
  queryFn: ({ signal, pageParam }) => apiJson<CreditsResponse>(ledgerRoute({ before: pageParam ?? undefined, limit: CREDITS_PAGE_SIZE }), { signal }),
  initialPageParam: null as string | null,
  getNextPageParam: (last) => last.nextCursor,
});

/** What the account's model calls cost, per project. */
export const creditUsageQueryOptions = queryOptions({
  queryKey: creditKeys.usage,
  queryFn: ({ signal }) => apiJson<CreditUsageResponse>(apiRoute(WEB_ENDPOINTS.creditUsage), { signal }),
});

/** The balance, ledger and usage are read again: after anything that may charge or credit (a generation, an edit, a top-up, a grant). */
export function invalidateCredits(queryClient: QueryClient): Promise<void> {
  return queryClient.invalidateQueries({ queryKey: creditKeys.all });
}

/** Operators only: credits for an account, recorded with who granted them. */
export function grantCredits(request: GrantCreditsRequest): Promise<GrantCreditsResponse> {
  return apiJson<GrantCreditsResponse>(apiRoute(WEB_ENDPOINTS.adminCreditGrant), { body: { ...request } });
}
