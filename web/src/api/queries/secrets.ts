import { queryOptions } from '@tanstack/react-query';
import { WEB_ENDPOINTS } from '@forge/protocol/endpoints';
import type { SaveSecretsResponse, SecretsResponse } from '@forge/protocol/secrets';
import { apiJson, apiRoute } from '../client';
import { projectKeys } from './projects';

export const secretsQueryOptions = (project: string) =>
  queryOptions({
    queryKey: projectKeys.secrets(project),
    queryFn: ({ signal }) => apiJson<SecretsResponse>(apiRoute(WEB_ENDPOINTS.secrets, { project }), { signal }),
  });

/** Values as entered; the caller trims them and leaves out empty ones. */
export function saveSecrets(project: string, secrets: Record<string, string>): Promise<SaveSecretsResponse> {
  return apiJson<SaveSecretsResponse>(apiRoute(WEB_ENDPOINTS.secretsSave, { project }), { body: { secrets } });
}
