import { randomUUID } from 'node:crypto';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import type { NestExpressApplication } from '@nestjs/platform-express';
import request from 'supertest';
import { createApp } from '../../src/app.js';
import { generateRecoveryKey, keyHint, sha256 } from '../../src/auth/recovery-key.js';
import { type AppConfig, loadConfig } from '../../src/config/app-config.js';
import { instanceLabels } from '../../src/sandboxes/container-spec.js';
import { DockerDriver } from '../../src/sandboxes/docker.driver.js';
import { SandboxDisks, engineKey } from '../../src/sandboxes/sandbox-disks.js';
import { migrate } from '../../src/platform-db/migrator.js';
import { PrismaService } from '../../src/platform-db/prisma.service.js';
import { startProjectsDatabaseServer } from '../../src/project-databases/projects-server.js';
import { ProjectsServerDriver } from '../../src/project-databases/projects-server.driver.js';
import { findSandboxNetwork } from '../../src/sandboxes/sandbox-network.js';
import { type TestDatabase, createTestDatabase } from './test-database.js';

export interface TestApp {
  app: NestExpressApplication;
  http: ReturnType<typeof request>;
  /** Where the app listens, for clients that need a real socket (server-sent events). */
  baseUrl: string;
  dataDir: string;
  close(): Promise<void>;
}

/** The real application on a fresh, migrated database and a temporary data directory. */
export async function startTestApp(env: Record<string, string> = {}, options: { host?: string; database?: TestDatabase; dataDir?: string } = {}): Promise<TestApp> {
  // A database (or data directory) the caller brings outlives the app: replicas share both, and a
  // restart test starts a second app on them.
  const database: TestDatabase = options.database ?? (await createTestDatabase());
  const dataDir = options.dataDir ?? (await mkdtemp(join(tmpdir(), 'forge-test-data-')));
  await migrate(database.url, () => {});
  const repoRoot = fileURLToPath(new URL('../../..', import.meta.url));
  // The run's projects' database server (global setup), reached as an operator's server would be.
  const projectsServerUrl = process.env.FORGE_TEST_PROJECTS_SERVER_URL;
  const config = loadConfig(
    {
      DATA_DIR: dataDir,
      WEB_DIST_DIR: join(dataDir, 'no-web'),
      SANDBOX_INSTANCE: `${TEST_INSTANCE_PREFIX}${randomUUID().slice(0, 8)}`,
      ...(projectsServerUrl ? { PROJECTS_DATABASE_URL: projectsServerUrl } : {}),
      ...GENEROUS_LIMITS,
      // Most tests read a generation's files, not its build: the tests of that build turn it on.
      BUILD_AFTER_GENERATION: '0',
      ...env,
    },
    { version: 'test', cwd: repoRoot },
  );
  const network = await findSandboxNetwork(config).catch(() => null);
  const projectsServer = await startProjectsDatabaseServer(config, network, () => {});
  const app = await createApp(config, database.url, { logger: false, projectsDatabase: projectsServer });
  await app.listen(0, options.host ?? '127.0.0.1');
  const { port } = app.getHttpServer().address() as { port: number };
  return {
    app,
    http: request(app.getHttpServer()),
    baseUrl: `http://127.0.0.1:${port}`,
    dataDir,
    close: async () => {
      await dropProjectDatabases(app);
      await app.close();
      await projectsServer.stop();
      await removeSandboxes(config);
      if (!options.database) await database.drop();
      if (!options.dataDir) await rm(dataDir, { recursive: true, force: true });
    },
  };
}

/** The databases this app provisioned, which outlive it on the shared projects' server otherwise. */
async function dropProjectDatabases(app: NestExpressApplication): Promise<void> {
  const rows = await app.get(PrismaService).projectDatabase.findMany({ where: { providedName: { not: null } }, select: { providedName: true } });
  for (const { providedName } of rows)
    await app
      .get(ProjectsServerDriver)
      .drop(providedName!)
      .catch(() => undefined);
}

/** Tests sign up many accounts from one address; the rate-limit tests set their own small limits. */
const GENEROUS_LIMITS = {
  LIMIT_SIGNUPS_PER_HOUR: '100000',
  LIMIT_SIGNINS_PER_MINUTE: '100000',
  LIMIT_SHARE_VIEWS_PER_MINUTE: '100000',
  LIMIT_JOB_STARTS_PER_HOUR: '100000',
  LIMIT_CONCURRENT_JOBS: '1000',
};

/** Test apps label their containers with this, so a run leaves none behind. */
export const TEST_INSTANCE_PREFIX = 'test-';

async function removeSandboxes(config: AppConfig): Promise<void> {
  const disks = new SandboxDisks(config);
  for (const host of config.sandboxHosts) {
    const docker = new DockerDriver(host);
    if (!(await docker.status()).reachable) continue;
    for (const container of await docker.list(instanceLabels(config))) {
      await docker.remove(container.id);
      // Its loop disk, as the platform releases it when it removes a sandbox.
      await disks.release(engineKey(host.docker), container.name);
    }
  }
}

/** Signs up a new account and answers its cookie header and recovery key. */
export async function signUp(http: TestApp['http']): Promise<{ cookie: string; recoveryKey: string; userId: string }> {
  const res = await http.post('/api/auth/signup').expect(201);
  const cookie = (res.headers['set-cookie'] as unknown as string[])[0]!.split(';')[0]!;
  return { cookie, recoveryKey: res.body.recoveryKey, userId: res.body.user.id };
}

/**
 * An account with a chosen id, signed in through the API. Signup picks random ids; settings that name
 * accounts (ADMIN_USER_IDS) need one known before the app starts.
 */
export async function signUpWithId(t: TestApp, userId: string): Promise<{ cookie: string; recoveryKey: string; userId: string }> {
  const recoveryKey = generateRecoveryKey();
  await t.app.get(PrismaService).user.create({ data: { id: userId, keyHash: sha256(recoveryKey), keyHint: keyHint(recoveryKey) } });
  const res = await t.http.post('/api/auth/login').send({ recoveryKey }).expect(200);
  const cookie = (res.headers['set-cookie'] as unknown as string[])[0]!.split(';')[0]!;
  return { cookie, recoveryKey, userId };
}
