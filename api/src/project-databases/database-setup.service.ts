import { randomBytes } from 'node:crypto';
import { Inject, Injectable, Logger, type OnApplicationBootstrap } from '@nestjs/common';
import { OnEvent } from '@nestjs/event-emitter';
import { type DatabaseSize, databaseSizeNotice, databaseUrlAddress } from '@forge/protocol/databases';
import { ErrorCode } from '@forge/protocol/errors';
import { type LogLevel, levelOfLine } from '@forge/protocol/runs';
import { stripAnsi } from '@forge/protocol/text';
import { ClusterLocks, LockScope } from '../cluster/cluster-locks.js';
import { DomainError } from '../common/errors/domain-error.js';
import { APP_ENVIRONMENT_CHANGED, type AppEnvironmentChangedEvent, PROJECT_DELETING, type ProjectDeletingEvent } from '../common/events/domain-events.js';
import { APP_CONFIG, type AppConfig } from '../config/app-config.js';
import { ProjectsService } from '../projects/projects.service.js';
import { SandboxesService } from '../sandboxes/sandboxes.service.js';
import { SecretCipher } from '../secrets/secret-cipher.js';
import { SecretsService } from '../secrets/secrets.service.js';
import { ACCOUNT_PREFIX, PROJECT_PREFIX } from './database-guards.sql.js';
import { DatabaseLimitsDriver } from './database-limits.driver.js';
import { type DatabaseKind, ProjectDatabasesRepository } from './project-databases.repository.js';
import { type ProvidedDatabase, ProjectsServerDriver } from './projects-server.driver.js';
import { DRIZZLE_SCHEMA_FILE, META_FILE } from './schema-reader.js';

export type DatabaseTarget = { kind: 'provided' } | { kind: 'custom'; url: string };

export interface SetupRequest {
  target: DatabaseTarget;
  runSeed: boolean;
  /** Copy the saved files in first; a build that just did so skips it. */
  sync: boolean;
  /** Start a running preview's app again so it connects with the new URL. */
  restartPreview: boolean;
  /** Each line the scripts print, as they print it (unmasked: the caller's log masks). */
  onLine?: (line: string) => void;
}

export interface SetupResult {
  output: string;
  previewRestarted: boolean;
}

const MAX_SCRIPT_SECONDS = 300;
const MB = 1024 * 1024;

/**
 * Gives a project its database: provisions it on the projects' server (or takes the owner's own),
 * runs the project's db:push and db:seed in its sandbox, and hands DATABASE_URL to its app. A data
 * app's first successful build does this by itself.
 */
@Injectable()
export class DatabaseSetupService implements OnApplicationBootstrap {
  private readonly logger = new Logger('Databases');

  constructor(
    @Inject(APP_CONFIG) private readonly config: AppConfig,
    private readonly driver: ProjectsServerDriver,
    private readonly limits: DatabaseLimitsDriver,
    private readonly repository: ProjectDatabasesRepository,
    private readonly cipher: SecretCipher,
    private readonly secrets: SecretsService,
    private readonly sandboxes: SandboxesService,
    private readonly projects: ProjectsService,
    private readonly locks: ClusterLocks,
  ) {}

  onApplicationBootstrap(): void {
    this.secrets.addMaskSource((projectId) => this.credentialsToMask(projectId));
    this.secrets.addProvidedKey('DATABASE_URL', async (projectId) => Boolean((await this.repository.find(projectId))?.initializedAt));
  }

  /** Saved secrets changed: a running preview's app starts again with them. */
  @OnEvent(APP_ENVIRONMENT_CHANGED)
  async onAppEnvironmentChanged({ projectId }: AppEnvironmentChangedEvent): Promise<void> {
    await this.sandboxes.restartApp(projectId, await this.appEnvironment(projectId)).catch((err: Error) => this.logger.warn(`Restarting ${projectId} with its new environment: ${err.message}`));
  }

  /** What the app runs with: its saved secrets, and DATABASE_URL once its database is initialized. */
  async appEnvironment(projectId: string): Promise<Record<string, string>> {
    const env = await this.secrets.values(projectId);
    const url = await this.activeUrl(projectId);
    if (url) env.DATABASE_URL = url;
    return env;
  }

  /**
   * The role and database name a project gets on the projects' server: other tenants' roles may list
   * them, so they tell nothing about the project. Databases provisioned earlier keep the name they have.
   */
  async providedName(projectId: string): Promise<string> {
    return (await this.repository.find(projectId))?.providedName ?? `${PROJECT_PREFIX}${this.cipher.pseudonym('project', projectId)}`;
  }

  /** The group role whose members share the account's connection budget. */
  accountGroup(ownerId: string): string {
    return `${ACCOUNT_PREFIX}${this.cipher.pseudonym('account', ownerId)}`;
  }

  /** The provided database's URL without its password, for people to see. */
  async providedUrlWithoutPassword(projectId: string): Promise<string> {
    const url = new URL(this.driver.appUrl({ name: await this.providedName(projectId), password: 'x' }));
    url.password = '';
    return url.toString();
  }

  async isInitialized(projectId: string): Promise<boolean> {
    return Boolean((await this.repository.find(projectId))?.initializedAt);
  }

  /** The provided database the data preview reads, or why it cannot. */
  async readableDatabase(projectId: string): Promise<ProvidedDatabase> {
    const record = await this.repository.find(projectId);
    if (!record?.initializedAt) throw new DomainError(ErrorCode.Conflict, 'Initialize the database to view table data');
    if (record.active !== 'provided' || !record.providedName || !record.providedPassword) {
      throw new DomainError(
        ErrorCode.Conflict,
        'This project uses your own database server: Forge shows table data only for the database it provides',
        'Initialize with the automatic URL to browse the data here.',
      );
    }
    return { name: record.providedName, password: this.cipher.open(record.providedPassword) };
  }

  /** Provisions or takes the target database, pushes the schema, seeds when asked, then restarts the preview. */
  setUp(projectId: string, request: SetupRequest): Promise<SetupResult> {
    return this.locked(projectId, async () => {
      const url = request.target.kind === 'provided' ? this.driver.appUrl(await this.provision(projectId)) : request.target.url;
      // A new custom URL is not among the project's masked values until it is saved.
      const hide = await this.secrets.masker(projectId, request.target.kind === 'custom' ? [url] : []);
      const env = { ...(await this.secrets.values(projectId)), DATABASE_URL: url };
      let output = '';
      for (const script of request.runSeed ? ['db:push', 'db:seed'] : ['db:push']) {
        const lines = lineSplitter(request.onLine);
        const result = await this.sandboxes.runScripts(projectId, [script], {
          env,
          sync: request.sync && script === 'db:push',
          timeoutSeconds: Math.min(this.config.builds.timeoutSeconds, MAX_SCRIPT_SECONDS),
          onOutput: lines.push,
        });
        lines.end();
        output += withoutSpinner(hide(stripAnsi(result.output)));
        // drizzle-kit push reports a refused statement and still exits 0.
        const failed = result.failed ?? (script === 'db:push' && REPORTED_ERROR.test(result.output) ? script : null);
        if (failed) throw setupError(failed, result.failed ? result.exitCode : null, output, stripAnsi(result.output), request.target);
      }
      const kind: DatabaseKind = request.target.kind;
      await this.repository.markInitialized(projectId, kind, kind === 'custom' ? this.cipher.seal(url) : null);
      await this.secrets.refreshMask(projectId);
      const notice = kind === 'provided' ? await this.sizeNotice(projectId) : null;
      if (notice) {
        output += `\n⚠️ ${notice}\n`;
        request.onLine?.(`⚠️ ${notice}`);
      }
      const previewRestarted = request.restartPreview ? await this.sandboxes.restartApp(projectId, await this.appEnvironment(projectId)) : false;
      return { output, previewRestarted };
    });
  }

  /**
   * A step of every successful build, before the app starts: a data app built for the first time
   * gets its database provisioned, pushed and seeded; an initialized one has its size checked.
   */
  async afterBuild(projectId: string, log: (line: string, level?: LogLevel) => void): Promise<void> {
    if (!this.driver.available || !(await this.isDataApp(projectId))) return;
    if (await this.isInitialized(projectId)) {
      const notice = await this.sizeNotice(projectId);
      if (notice) log(`⚠️ ${notice}`, 'warning');
      return;
    }
    if (!this.config.projectDatabases.autoInitialize) {
      log('ℹ️ This app keeps its data in PostgreSQL: initialize its database in the Database view.');
      return;
    }
    log("🗄️ Setting up the app's own PostgreSQL database (npm run db:push, then db:seed)...");
    const started = Date.now();
    try {
      await this.setUp(projectId, { target: { kind: 'provided' }, runSeed: true, sync: false, restartPreview: false, onLine: (line) => log(line, levelOfLine(line)) });
      log(`✅ Database initialized and seeded in ${((Date.now() - started) / 1000).toFixed(1)} s: the app starts with its DATABASE_URL`, 'success');
    } catch (err) {
      const reason = err instanceof DomainError ? err.message : (err as Error).message;
      this.logger.warn(`Initializing the database of ${projectId}: ${reason}`);
      log(`⚠️ The database could not be initialized automatically: ${reason}. Initialize it from the Database view.`, 'warning');
    }
  }

  /**
   * A data app whose database nobody initialized yet: its API answers 503 by convention until then,
   * which the preview check must not count as errors.
   */
  async awaitingInitialization(projectId: string): Promise<boolean> {
    return (await this.isDataApp(projectId)) && !(await this.isInitialized(projectId));
  }

  /** Whether the project's files describe a database. */
  async hasDatabase(projectId: string): Promise<boolean> {
    const paths = new Set(await this.projects.filePaths(projectId));
    return paths.has(META_FILE) || paths.has(DRIZZLE_SCHEMA_FILE);
  }

  @OnEvent(PROJECT_DELETING)
  async onProjectDeleting({ projectId }: ProjectDeletingEvent): Promise<void> {
    const record = await this.repository.find(projectId);
    if (!record?.providedName || !this.driver.available) return;
    try {
      await this.driver.drop(record.providedName);
    } catch (err) {
      this.logger.error(`Dropping the database ${record.providedName} of ${projectId}: ${(err as Error).message}`);
    }
  }

  /** A database with a schema and the scripts to create it: what the first build initializes. */
  private async isDataApp(projectId: string): Promise<boolean> {
    if (!(await this.hasDatabase(projectId))) return false;
    try {
      const pkg = JSON.parse(await this.projects.readFile(projectId, 'package.json')) as { scripts?: Record<string, unknown> };
      return typeof pkg.scripts?.['db:push'] === 'string';
    } catch {
      return false;
    }
  }

  /**
   * The project's role and database, created on first use with a random password; settings reapplied
   * after. A database refused writes for its size cannot take a schema: the owner is told why.
   */
  private async provision(projectId: string): Promise<ProvidedDatabase> {
    const project = await this.projects.findById(projectId);
    if (!project) throw new DomainError(ErrorCode.ProjectNotFound, 'Project not found');
    const record = await this.repository.find(projectId);
    let database: ProvidedDatabase;
    if (record?.providedName && record.providedPassword) {
      database = { name: record.providedName, password: this.cipher.open(record.providedPassword) };
    } else {
      database = { name: await this.providedName(projectId), password: randomBytes(24).toString('base64url') };
      await this.repository.saveProvided(projectId, database.name, this.cipher.seal(database.password));
      await this.secrets.refreshMask(projectId);
    }
    const { writesRefused } = await this.driver.provision(database, this.accountGroup(project.ownerId));
    if (writesRefused) {
      const size = await this.databaseSize(projectId);
      throw new DomainError(ErrorCode.QuotaExceeded, (size && databaseSizeNotice(size)) ?? 'The database is over its size limit and takes no new data');
    }
    return database;
  }

  private async activeUrl(projectId: string): Promise<string | null> {
    const record = await this.repository.find(projectId);
    if (!record?.initializedAt) return null;
    if (record.active === 'custom' && record.customUrl) return this.cipher.open(record.customUrl);
    if (record.active === 'provided' && record.providedName && record.providedPassword && this.driver.available) {
      return this.driver.appUrl({ name: record.providedName, password: this.cipher.open(record.providedPassword) });
    }
    return null;
  }

  private async credentialsToMask(projectId: string): Promise<string[]> {
    const record = await this.repository.find(projectId);
    const values: string[] = [];
    if (record?.providedPassword) values.push(this.cipher.open(record.providedPassword));
    if (record?.customUrl) values.push(this.cipher.open(record.customUrl));
    return values;
  }

  /** The provided database's size against its limit, or null when the app uses another. */
  async databaseSize(projectId: string): Promise<DatabaseSize | null> {
    const record = await this.repository.find(projectId);
    if (record?.active !== 'provided' || !record.providedName || !this.driver.available) return null;
    const usage = await this.limits.usage(record.providedName).catch((err: Error) => {
      this.logger.warn(`Reading the size of ${record.providedName}: ${err.message}`);
      return null;
    });
    return usage && { usedMb: usage.bytes / MB, limitMb: this.config.projectDatabases.maxMb, writesRefused: usage.writesRefused };
  }

  private async sizeNotice(projectId: string): Promise<string | null> {
    const size = await this.databaseSize(projectId);
    return size && databaseSizeNotice(size);
  }

  /** One setup at a time per project, across replicas. */
  private locked<T>(projectId: string, action: () => Promise<T>): Promise<T> {
    return this.locks.run(LockScope.DatabaseSetup, projectId, action);
  }
}

/** An error line as drizzle-kit and node print them. */
const REPORTED_ERROR = /^\s*(error|Error|PostgresError|DrizzleQueryError)\b.*:/m;

/** Hands each complete, non-empty line of a stream of chunks to `onLine`. */
function lineSplitter(onLine: ((line: string) => void) | undefined): { push: (chunk: string) => void; end: () => void } {
  let partial = '';
  return {
    push: (chunk) => {
      if (!onLine) return;
      const lines = (partial + chunk).split('\n');
      partial = lines.pop() ?? '';
      for (const line of lines) {
        // A spinner's carriage returns: only its final state is worth a line.
        const text = stripAnsi(line).replace(/\r$/, '');
        const visible = text.slice(text.lastIndexOf('\r') + 1);
        if (visible.trim()) onLine(visible);
      }
    },
    end: () => {
      if (onLine && stripAnsi(partial).trim()) onLine(stripAnsi(partial));
      partial = '';
    },
  };
}

/** A spinner frame drizzle-kit prints while it waits (`[⣷] Pulling schema from database...`): progress, never a cause. */
const SPINNER_FRAME = /^\s*\[[\u2800-\u28ff]\]/;
/** drizzle-kit's first step: a push that stops on it never reached the database (it prints no reason). */
const CONNECTING = /\[[\u2800-\u28ff]\] Pulling schema from database/;
const CONNECTED = /\[✓\] Pulling schema from database/;

/** The output without spinner frames, a frame redrawn after a carriage return kept once at most. */
function withoutSpinner(output: string): string {
  return output
    .split('\n')
    .map((line) => line.slice(line.replace(/\r$/, '').lastIndexOf('\r') + 1))
    .filter((line) => !SPINNER_FRAME.test(line))
    .join('\n');
}

/**
 * The domain error for a failed script, its message naming the cause: the first error line, else,
 * for a push that never got past connecting, the address it could not reach.
 */
function setupError(failed: string, exitCode: number | null, output: string, scriptOutput: string, target: DatabaseTarget): DomainError {
  const step = failed === 'install' ? 'Installing the dependencies' : `npm run ${failed}`;
  const code = exitCode === null ? '' : ` (exit code ${exitCode})`;
  const lines = output.split('\n').map((text) => text.trim());
  const errorLine = lines.find((text) => /^(\w*Error|error)\b[^:]*:/.test(text));
  const details = output.slice(-8000);
  if (errorLine) return new DomainError(ErrorCode.DatabaseSetupFailed, `${step} failed${code}: ${errorLine.slice(0, 300)}`, details);
  const words = lines.filter((text) => /\w/.test(text) && !/^Node\.js v\d/.test(text) && !/^> /.test(text));
  if (failed === 'db:push' && CONNECTING.test(scriptOutput) && !CONNECTED.test(scriptOutput)) {
    // The owner's own server is theirs to check; the provided one is not.
    const address = target.kind === 'custom' ? databaseUrlAddress(target.url) : null;
    const message =
      target.kind === 'custom'
        ? `Could not connect to the database${address ? ` at ${address}` : ''}: check the host and port, that the server accepts connections from the internet, and the user name and password`
        : "Could not connect to the project's database: try again in a moment";
    return new DomainError(ErrorCode.DatabaseUnreachable, message, details);
  }
  const last = words.at(-1);
  return new DomainError(ErrorCode.DatabaseSetupFailed, `${step} failed${code}${last ? `: ${last.slice(0, 300)}` : ''}`, details);
}
