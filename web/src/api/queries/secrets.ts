import { type QueryClient, queryOptions } from '@tanstack/react-query';
import { WEB_ENDPOINTS } from '@forge/protocol/endpoints';
import type { SaveSecretsResponse, SecretsResponse } from '@forge/protocol/secrets';
import { apiJson, apiRoute } from '../client';
import { projectKeys } from './projects';

export const secretsQueryOptions = (project: string) =>
  queryOptions({
    queryKey: projectKeys.secrets(project),
    queryFn: ({ signal }) => apiJson<SecretsResponse>(apiRoute(WEB_ENDPOINTS.secrets, { project }), { signal }),
  });

/** Which keys are set is read again: a refresh, a save, a build or an initialize (which may add one). */
export function invalidateSecrets(queryClient: QueryClient, project: string): Promise<void> {
  return queryClient.invalidateQueries({ queryKey: projectKeys.secrets(project) });
}

/** Values as entered; the caller trims them and leaves out empty ones. */
export function saveSecrets(project: string, secrets: Record<string, string>): Promise<SaveSecretsResponse> {
  return apiJson<SaveSecretsResponse>(apiRoute(WEB_ENDPOINTS.secretsSave, { project }), { body: { secrets } });
}
