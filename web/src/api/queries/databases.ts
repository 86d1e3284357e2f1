import { type QueryClient, queryOptions } from '@tanstack/react-query';
import type { AutoDatabaseUrlResponse, DatabaseSchemaResponse, DatabaseStatusResponse, InitializeDatabaseRequest, InitializeDatabaseResponse, TableDataResponse } from '@forge/protocol/databases';
import { WEB_ENDPOINTS } from '@forge/protocol/endpoints';
import { DATA_PAGE_SIZE } from '@forge/protocol/limits';
import { apiJson, apiRoute } from '../client';
import { projectKeys } from './projects';

export const databaseKeys = {
  /** Everything cached about one project's database: what a refresh or an initialize invalidates. */
  all: (project: string) => projectKeys.database(project),
  status: (project: string) => [...projectKeys.database(project), 'status'] as const,
  schema: (project: string) => [...projectKeys.database(project), 'schema'] as const,
  table: (project: string, table: string, page: number) => [...projectKeys.database(project), 'tables', table, page] as const,
  /** Not under the project's database key: an initialize does not change it. */
  autoUrl: (project: string) => ['database', 'auto-url', project] as const,
};

export const databaseStatusQueryOptions = (project: string) =>
  queryOptions({
    queryKey: databaseKeys.status(project),
    queryFn: ({ signal }) => apiJson<DatabaseStatusResponse>(apiRoute(WEB_ENDPOINTS.databaseStatus, { project }), { signal }),
  });

export const databaseSchemaQueryOptions = (project: string) =>
  queryOptions({
    queryKey: databaseKeys.schema(project),
    queryFn: ({ signal }) => apiJson<DatabaseSchemaResponse>(apiRoute(WEB_ENDPOINTS.databaseSchema, { project }), { signal }),
  });

/** One page (from 1) of a table, DATA_PAGE_SIZE rows. */
export const tableDataQueryOptions = (project: string, table: string, page: number) =>
  queryOptions({
    queryKey: databaseKeys.table(project, table, page),
    queryFn: ({ signal }) => {
      const route = apiRoute(WEB_ENDPOINTS.databaseTableData, { project, table });
      const query = new URLSearchParams({ page: String(page), pageSize: String(DATA_PAGE_SIZE) });
      return apiJson<TableDataResponse>({ ...route, url: `${route.url}?${query}` }, { signal });
    },
  });

export const autoDatabaseUrlQueryOptions = (project: string) =>
  queryOptions({
    queryKey: databaseKeys.autoUrl(project),
    queryFn: ({ signal }) => {
      const route = apiRoute(WEB_ENDPOINTS.databaseAutoUrl);
      return apiJson<AutoDatabaseUrlResponse>({ ...route, url: `${route.url}?${new URLSearchParams({ project })}` }, { signal });
    },
  });

/** Status, schema and table pages are read again: a refresh, an initialize, a build (which may set the database up). */
export function invalidateDatabase(queryClient: QueryClient, project: string): Promise<void> {
  return queryClient.invalidateQueries({ queryKey: databaseKeys.all(project) });
}

export function initializeDatabase(project: string, request: InitializeDatabaseRequest): Promise<InitializeDatabaseResponse> {
  return apiJson<InitializeDatabaseResponse>(apiRoute(WEB_ENDPOINTS.databaseInitialize, { project }), { body: { ...request } });
}
