import { type QueryClient, queryOptions } from '@tanstack/react-query';
import { WEB_ENDPOINTS } from '@forge/protocol/endpoints';
import type { LinkWalletRequest, LinkWalletResponse, SubmitDepositResponse, TopUpsResponse, WalletChallengeResponse } from '@forge/protocol/topups';
import { apiJson, apiRoute } from '../client';

/** While a deposit is pending the page looks again this often; the server finishes it by itself. */
export const PENDING_REFRESH_MS = 5_000;

export const topUpKeys = {
  all: ['topups'] as const,
};

/** The deposit address, the linked wallets and the submitted deposits; polled while one is pending. */
export const topUpsQueryOptions = queryOptions({
  queryKey: topUpKeys.all,
  queryFn: ({ signal }) => apiJson<TopUpsResponse>(apiRoute(WEB_ENDPOINTS.topUps), { signal }),
  refetchInterval: (query) => (query.state.data?.deposits.some((deposit) => deposit.status === 'pending') ? PENDING_REFRESH_MS : false),
});

/** After a wallet was linked or a deposit submitted. */
export function invalidateTopUps(queryClient: QueryClient): Promise<void> {
  return queryClient.invalidateQueries({ queryKey: topUpKeys.all });
}

/** A one-time message for the wallet to sign. */
export function requestWalletChallenge(): Promise<WalletChallengeResponse> {
  return apiJson<WalletChallengeResponse>(apiRoute(WEB_ENDPOINTS.topUpWalletChallenge));
}

export function linkWallet(request: LinkWalletRequest): Promise<LinkWalletResponse> {
  return apiJson<LinkWalletResponse>(apiRoute(WEB_ENDPOINTS.topUpLinkWallet), { body: { ...request } });
}

export function submitDeposit(txHash: string): Promise<SubmitDepositResponse> {
  return apiJson<SubmitDepositResponse>(apiRoute(WEB_ENDPOINTS.topUpSubmitDeposit), { body: { txHash } });
}
