import { Injectable } from '@nestjs/common';
import {
  type AutoDatabaseUrlResponse,
  type DatabaseSchema,
  type DatabaseSchemaResponse,
  type DatabaseStatusResponse,
  type InitializeDatabaseResponse,
  type TableDataResponse,
  databaseUrlError,
} from '@forge/protocol/databases';
import { ErrorCode } from '@forge/protocol/errors';
import { DomainError } from '../common/errors/domain-error.js';
import { ProjectsService } from '../projects/projects.service.js';
import { SandboxesService } from '../sandboxes/sandboxes.service.js';
import { DatabaseSetupService } from './database-setup.service.js';
import type { InitializeDatabaseDto } from './dto/initialize-database.dto.js';
import type { TableDataQuery } from './dto/table-data.query.js';
import { ProjectsServerDriver } from './projects-server.driver.js';
import { DRIZZLE_SCHEMA_FILE, META_FILE, schemaFromDrizzle, schemaFromMeta } from './schema-reader.js';

/** The Database view's calls, each for the signed-in owner's project only. */
@Injectable()
export class ProjectDatabasesService {
  constructor(
    private readonly projects: ProjectsService,
    private readonly setup: DatabaseSetupService,
    private readonly driver: ProjectsServerDriver,
    private readonly sandboxes: SandboxesService,
  ) {}

  async status(ownerId: string, name: string): Promise<DatabaseStatusResponse> {
    const project = await this.projects.find(ownerId, name);
    const isInitialized = await this.setup.isInitialized(project.id);
    return { hasDatabase: await this.setup.hasDatabase(project.id), isInitialized, size: isInitialized ? await this.setup.databaseSize(project.id) : null };
  }

  async schema(ownerId: string, name: string): Promise<DatabaseSchemaResponse> {
    const project = await this.projects.find(ownerId, name);
    return { schema: await this.readSchema(project.id) };
  }

  /** A page of one of the schema's tables; any other name answers 404 without reaching the database. */
  async tableData(ownerId: string, name: string, table: string, { page, pageSize }: TableDataQuery): Promise<TableDataResponse> {
    const project = await this.projects.find(ownerId, name);
    const described = (await this.readSchema(project.id)).tables.find((candidate) => candidate.name === table);
    if (!described) throw new DomainError(ErrorCode.NotFound, `Table ${table} is not in this project's schema`);
    const database = await this.setup.readableDatabase(project.id);
    const keys = described.columns.filter((column) => column.primaryKey).map((column) => column.name);
    return this.driver.tablePage(database, described.name, keys, page, pageSize);
  }

  async autoUrl(ownerId: string, name: unknown): Promise<AutoDatabaseUrlResponse> {
    if (typeof name !== 'string' || !name) throw new DomainError(ErrorCode.Validation, 'Name the project: ?project=');
    const project = await this.projects.find(ownerId, name);
    const url = await this.setup.providedUrlWithoutPassword(project.id);
    const masked = new URL(url);
    masked.password = '****';
    return { url, maskedUrl: masked.toString() };
  }

  /** db:push (and db:seed) in the project's sandbox against the provided database or the owner's own URL; safe to repeat. */
  async initialize(ownerId: string, name: string, request: InitializeDatabaseDto): Promise<InitializeDatabaseResponse> {
    const project = await this.projects.find(ownerId, name);
    const custom = request.useAutoUrl === true ? null : (request.databaseUrl ?? '');
    const urlError = custom === null ? null : databaseUrlError(custom);
    if (urlError) throw new DomainError(ErrorCode.Validation, urlError);
    if (!(await this.setup.hasDatabase(project.id))) {
      throw new DomainError(ErrorCode.BadRequest, 'This project has no database schema to initialize', `Its files have neither ${DRIZZLE_SCHEMA_FILE} nor ${META_FILE}.`);
    }
    if (await this.sandboxes.isBuilding(project.id)) {
      throw new DomainError(ErrorCode.ProjectBusy, 'The project is being built: initialize its database when the build has finished');
    }
    const result = await this.setup.setUp(project.id, {
      target: custom === null ? { kind: 'provided' } : { kind: 'custom', url: custom.trim() },
      runSeed: request.runSeed,
      sync: true,
      restartPreview: true,
    });
    return { ok: true, ...result };
  }

  private async readSchema(projectId: string): Promise<DatabaseSchema> {
    const meta = await this.readOptional(projectId, META_FILE);
    const fromMeta = meta === null ? null : schemaFromMeta(meta);
    if (fromMeta && fromMeta.tables.length > 0) return fromMeta;
    const drizzle = await this.readOptional(projectId, DRIZZLE_SCHEMA_FILE);
    const fromDrizzle = drizzle === null ? null : schemaFromDrizzle(drizzle);
    if (fromDrizzle && fromDrizzle.tables.length > 0) return { ...fromDrizzle, description: fromMeta?.description ?? null };
    return fromMeta ?? { description: null, tables: [] };
  }

  private async readOptional(projectId: string, path: string): Promise<string | null> {
    try {
      return await this.projects.readFile(projectId, path);
    } catch (err) {
      if (err instanceof DomainError && err.code === ErrorCode.FileNotFound) return null;
      throw err;
    }
  }
}
