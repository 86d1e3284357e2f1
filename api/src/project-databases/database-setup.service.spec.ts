import { describe, expect, it, jest } from '@jest/globals';
import { memoryLocks } from '../../test/support/memory-locks.js';
import { loadConfig } from '../config/app-config.js';
import type { ProjectsService } from '../projects/projects.service.js';
import type { SandboxesService, ScriptsResult } from '../sandboxes/sandboxes.service.js';
import type { SecretCipher } from '../secrets/secret-cipher.js';
import type { SecretsService } from '../secrets/secrets.service.js';
import type { DatabaseLimitsDriver } from './database-limits.driver.js';
import { DatabaseSetupService } from './database-setup.service.js';
import type { ProjectDatabasesRepository, ProjectDatabaseRecord } from './project-databases.repository.js';
import type { ProjectsServerDriver } from './projects-server.driver.js';

const PROJECT = '0b6f3c9e-4a57-4c1e-9a3e-1f2d3c4b5a69';
const OWNER = '7d1e2f3a-0000-4c1e-9a3e-1f2d3c4b5a69';
const DATA_APP_FILES = ['package.json', 'shared/schema.ts', 'db/meta.json', 'db/seed.ts'];
const ok = (output: string): ScriptsResult => ({ failed: null, exitCode: 0, output });

function newSetupService({ env = {}, files = DATA_APP_FILES, scripts = { 'db:push': 'drizzle-kit push --force' } as Record<string, string> } = {}) {
  let record: ProjectDatabaseRecord | null = null;
  const repository = {
    find: jest.fn(async () => record),
    saveProvided: jest.fn(async (_id: string, providedName: string, providedPassword: string) => {
      record = { customUrl: null, active: null, initializedAt: null, ...record, providedName, providedPassword };
    }),
    markInitialized: jest.fn(async (_id: string, active: 'provided' | 'custom', _customUrl: string | null) => {
      record = { ...record!, active, initializedAt: new Date() };
    }),
  };
  const driver = {
    available: true,
    appUrl: ({ name, password }: { name: string; password: string }) => `postgresql://${name}:${password}@172.18.0.1:5433/${name}`,
    provision: jest.fn(async (_database: { name: string; password: string }, _accountGroup: string) => ({ writesRefused: false })),
  };
  const limits = { usage: jest.fn(async (name: string) => ({ name, bytes: 8 * 1024 * 1024, writesRefused: false })) };
  const cipher = {
    seal: (value: string) => `sealed:${value}`,
    open: (value: string) => value.slice(7),
    pseudonym: (purpose: string, id: string) => (purpose === 'project' && id === PROJECT ? 'a' : 'b').repeat(24),
  };
  const secrets = {
    values: jest.fn(async () => ({ WEATHER_API_KEY: 'wx-1' })),
    masker: jest.fn(async (_projectId: string, _extra?: string[]) => (text: string) => text),
    refreshMask: jest.fn(async () => undefined),
  };
  const sandboxes = {
    runScripts: jest.fn(async (_id: string, names: string[], options: { onOutput?: (chunk: string) => void; sync: boolean; env: Record<string, string> }) => {
      const output = `> ${names[0]}\n[✓] done\n`;
      options.onOutput?.(output);
      return ok(output);
    }),
    restartApp: jest.fn(async (_projectId: string) => true),
  };
  const projects = {
    findById: jest.fn(async (id: string) => ({ id, ownerId: OWNER })),
    filePaths: jest.fn(async () => files),
    readFile: jest.fn(async () => JSON.stringify({ scripts })),
  };
  const sut = new DatabaseSetupService(
    loadConfig({ PROJECT_DATABASE_MAX_MB: '4', ...env }),
    driver as unknown as ProjectsServerDriver,
    limits as unknown as DatabaseLimitsDriver,
    repository as unknown as ProjectDatabasesRepository,
    cipher as unknown as SecretCipher,
    secrets as unknown as SecretsService,
    sandboxes as unknown as SandboxesService,
    projects as unknown as ProjectsService,
    memoryLocks(),
  );
  return { sut, mocks: { repository, driver, limits, secrets, sandboxes }, record: () => record };
}

describe(DatabaseSetupService.name, () => {
  describe('afterBuild', () => {
    it('provisions, pushes and seeds a data app built for the first time, in the workspace the build left, saying so', async () => {
      const { sut, mocks, record } = newSetupService();
      const lines: string[] = [];
      await sut.afterBuild(PROJECT, (line) => lines.push(line));
      // Named by the key's pseudonyms, so other tenants' roles, which may list it, learn nothing of the project.
      const name = `forge_p_${'a'.repeat(24)}`;
      expect(mocks.driver.provision).toHaveBeenCalledWith({ name, password: expect.stringMatching(/^[\w-]{32}$/) }, `forge_a_${'b'.repeat(24)}`);
      expect(mocks.sandboxes.runScripts.mock.calls.map(([, names, options]) => [names, options.sync, options.env.DATABASE_URL?.startsWith(`postgresql://${name}:`)])).toEqual([
        [['db:push'], false, true],
        [['db:seed'], false, true],
      ]);
      expect(mocks.sandboxes.runScripts.mock.calls[0]![2].env.WEATHER_API_KEY).toBe('wx-1');
      expect(record()).toMatchObject({ active: 'provided', initializedAt: expect.any(Date) });
      expect(lines[0]).toBe("🗄️ Setting up the app's own PostgreSQL database (npm run db:push, then db:seed)...");
      expect(lines).toContain('[✓] done');
      expect(lines.at(-2)).toMatch(/^⚠️ The app's database uses 8\.0 MB, over this platform's limit of 4 MB/);
      expect(lines.at(-1)).toMatch(/^✅ Database initialized and seeded in [\d.]+ s/);
      // The build starts the app itself, with the new environment.
      expect(mocks.sandboxes.restartApp).not.toHaveBeenCalled();
      expect((await sut.appEnvironment(PROJECT)).DATABASE_URL).toMatch(/^postgresql:\/\/forge_p_/);
    });

    it('leaves an app without a database, or without db:push, alone', async () => {
      for (const setup of [newSetupService({ files: ['package.json', 'src/App.tsx'] }), newSetupService({ scripts: {} })]) {
        const log = jest.fn();
        await setup.sut.afterBuild(PROJECT, log);
        expect(log).not.toHaveBeenCalled();
        expect(setup.mocks.sandboxes.runScripts).not.toHaveBeenCalled();
      }
    });

    it('only points at the Database view when automatic setup is off', async () => {
      const { sut, mocks } = newSetupService({ env: { AUTO_INITIALIZE_DATABASES: '0' } });
      const lines: string[] = [];
      await sut.afterBuild(PROJECT, (line) => lines.push(line));
      expect(lines).toEqual(['ℹ️ This app keeps its data in PostgreSQL: initialize its database in the Database view.']);
      expect(mocks.sandboxes.runScripts).not.toHaveBeenCalled();
    });

    it('reports a push that failed, even one drizzle-kit ended with 0, and lets the build go on', async () => {
      const { sut, mocks, record } = newSetupService();
      mocks.sandboxes.runScripts.mockResolvedValueOnce(ok('[✓] Pulling schema from database...\nerror: permission denied for schema public\n'));
      const lines: string[] = [];
      await sut.afterBuild(PROJECT, (line) => lines.push(line));
      expect(lines.at(-1)).toBe('⚠️ The database could not be initialized automatically: npm run db:push failed: error: permission denied for schema public. Initialize it from the Database view.');
      expect(mocks.sandboxes.runScripts).toHaveBeenCalledTimes(1);
      expect(record()?.initializedAt).toBeNull();
    });

    it("checks an initialized database's size on each build, without running anything", async () => {
      const { sut, mocks } = newSetupService();
      await sut.afterBuild(PROJECT, () => {});
      mocks.sandboxes.runScripts.mockClear();
      const lines: string[] = [];
      await sut.afterBuild(PROJECT, (line) => lines.push(line));
      expect(lines).toEqual([expect.stringMatching(/^⚠️ The app's database uses 8\.0 MB, over this platform's limit of 4 MB/)]);
      expect(mocks.sandboxes.runScripts).not.toHaveBeenCalled();
    });
  });

  it('refuses to push into a database refused writes for its size, saying what the app can still do', async () => {
    const { sut, mocks } = newSetupService();
    await sut.afterBuild(PROJECT, () => {});
    mocks.driver.provision.mockResolvedValueOnce({ writesRefused: true });
    mocks.limits.usage.mockResolvedValue({ name: 'x', bytes: 9 * 1024 * 1024, writesRefused: true });
    mocks.sandboxes.runScripts.mockClear();
    await expect(sut.setUp(PROJECT, { target: { kind: 'provided' }, runSeed: false, sync: true, restartPreview: false })).rejects.toMatchObject({
      code: 'quota_exceeded',
      message: expect.stringMatching(/^The app's database uses 9\.0 MB, over this platform's limit of 4 MB, so it takes no new data: the app can still read, delete rows/),
    });
    expect(mocks.sandboxes.runScripts).not.toHaveBeenCalled();
    const lines: string[] = [];
    await sut.afterBuild(PROJECT, (line) => lines.push(line));
    expect(lines).toEqual([expect.stringMatching(/^⚠️ The app's database uses 9\.0 MB, .* so it takes no new data/)]);
  });

  it("uses an owner's own URL as given, keeps it sealed, masks it in the output and restarts the preview", async () => {
    const { sut, mocks, record } = newSetupService();
    const url = 'postgresql://me:hunter2-long@db.example.com:5432/app';
    mocks.sandboxes.runScripts.mockResolvedValueOnce(ok(`connecting to ${url}\n`));
    const result = await sut.setUp(PROJECT, { target: { kind: 'custom', url }, runSeed: false, sync: true, restartPreview: true });
    expect(mocks.driver.provision).not.toHaveBeenCalled();
    expect(mocks.sandboxes.runScripts).toHaveBeenCalledWith(PROJECT, ['db:push'], expect.objectContaining({ sync: true, env: expect.objectContaining({ DATABASE_URL: url }) }));
    expect(mocks.secrets.masker).toHaveBeenCalledWith(PROJECT, [url]);
    expect(result.previewRestarted).toBe(true);
    expect(mocks.repository.markInitialized).toHaveBeenCalledWith(PROJECT, 'custom', `sealed:${url}`);
    expect(record()?.active).toBe('custom');
  });
  it("names the address a push could not reach instead of drizzle-kit's spinner, and keeps an error line it printed", async () => {
    const { sut, mocks, record } = newSetupService();
    // What drizzle-kit 0.31 prints (ANSI and all) for an unreachable host, before exiting 1 with no reason.
    const spinner = '[\u28f7] Pulling schema from database...\n\u001b[2K\u001b[1G[\u28f7] Pulling schema from database...\n';
    const unreachable = `> app@0.0.0 db:push\n> drizzle-kit push --force\n\nReading config file '/app/drizzle.config.ts'\nUsing 'pg' driver for database querying\n${spinner}`;
    mocks.sandboxes.runScripts.mockResolvedValueOnce({ failed: 'db:push', exitCode: 1, output: unreachable });
    const url = 'postgresql://me:hunter2-long@db.example.com/app';
    const failure = await sut.setUp(PROJECT, { target: { kind: 'custom', url }, runSeed: true, sync: true, restartPreview: true }).catch((err: unknown) => err);
    expect(failure).toMatchObject({
      code: 'database.unreachable',
      message: 'Could not connect to the database at db.example.com:5432: check the host and port, that the server accepts connections from the internet, and the user name and password',
    });
    expect((failure as { details: string }).details).not.toContain('Pulling schema');
    expect(record()?.initializedAt ?? null).toBeNull();

    mocks.sandboxes.runScripts.mockResolvedValueOnce({ failed: 'db:push', exitCode: 1, output: `${spinner}error: password authentication failed for user "me"\n` });
    await expect(sut.setUp(PROJECT, { target: { kind: 'custom', url }, runSeed: false, sync: true, restartPreview: true })).rejects.toMatchObject({
      code: 'database.setup_failed',
      message: 'npm run db:push failed (exit code 1): error: password authentication failed for user "me"',
    });
  });
});
