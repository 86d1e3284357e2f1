import { describe, expect, it, jest } from '@jest/globals';
import { memoryLocks } from '../../test/support/memory-locks.js';
import { DomainError } from '../common/errors/domain-error.js';
import { loadConfig } from '../config/app-config.js';
import type { SandboxesService } from '../sandboxes/sandboxes.service.js';
import type { DatabaseSetupService } from './database-setup.service.js';
import { type DatabaseSnapshotsDriver, SnapshotRefused } from './database-snapshots.driver.js';
import { DatabaseSnapshotsService } from './database-snapshots.service.js';
import type { ProjectDatabaseRecord, ProjectDatabasesRepository } from './project-databases.repository.js';

const PROJECT = '0b6f3c9e-4a57-4c1e-9a3e-1f2d3c4b5a69';
const VERSION = 'a'.repeat(40);
const NAME = `forge_p_${'c'.repeat(24)}`;
const INITIALIZED: ProjectDatabaseRecord = { providedName: NAME, providedPassword: 'sealed', customUrl: null, active: 'provided', initializedAt: new Date() };

function newSnapshotsService({ record = INITIALIZED as ProjectDatabaseRecord | null } = {}) {
  const steps: string[] = [];
  const driver = {
    available: true,
    dump: jest.fn(async (_name: string, _file: string, _maxBytes: number) => ({ bytes: 4096 })),
    prepareRestore: jest.fn(async () => void steps.push('prepare')),
    swapIn: jest.fn(async () => void steps.push('swap')),
    discardRestore: jest.fn(async () => void steps.push('discard')),
    dropLeftovers: jest.fn(async () => undefined),
  };
  const repository = { find: jest.fn(async () => record) };
  const setup = { appEnvironment: jest.fn(async () => ({ DATABASE_URL: 'postgresql://x' })) };
  const sandboxes = { restartApp: jest.fn(async () => void steps.push('restart app')) };
  const sut = new DatabaseSnapshotsService(
    loadConfig({ DATA_DIR: '/tmp/forge-snapshots-spec', PROJECT_DATABASE_SNAPSHOT_MB: '2' }),
    driver as unknown as DatabaseSnapshotsDriver,
    repository as unknown as ProjectDatabasesRepository,
    setup as unknown as DatabaseSetupService,
    sandboxes as unknown as SandboxesService,
    memoryLocks(),
  );
  return { sut, mocks: { driver, repository, sandboxes }, steps };
}

const roomy = async () => true;

describe('DatabaseSnapshotsService', () => {
  describe('take', () => {
    it('keeps nothing for a project without an initialized database of ours', async () => {
      for (const record of [null, { ...INITIALIZED, initializedAt: null }, { ...INITIALIZED, active: 'custom' as const }]) {
        const { sut, mocks } = newSnapshotsService({ record });
        expect(await sut.take(PROJECT, VERSION, roomy)).toBeNull();
        expect(mocks.driver.dump).not.toHaveBeenCalled();
      }
    });

    it('dumps within the bound under DATA_DIR, one file per version', async () => {
      const { sut, mocks } = newSnapshotsService();
      expect(await sut.take(PROJECT, VERSION, roomy)).toEqual({ kept: true, bytes: 4096 });
      expect(mocks.driver.dump).toHaveBeenCalledWith(NAME, `/tmp/forge-snapshots-spec/database-snapshots/${PROJECT}/${VERSION}.gz`, 2 * 1024 * 1024);
    });

    it('turns a refusal or a failure into a note, never an error of the version', async () => {
      const { sut, mocks } = newSnapshotsService();
      mocks.driver.dump.mockRejectedValueOnce(new SnapshotRefused('its data is over the 2 MB a restore point keeps'));
      expect(await sut.take(PROJECT, VERSION, roomy)).toEqual({ kept: false, note: 'Data not kept: its data is over the 2 MB a restore point keeps' });
      mocks.driver.dump.mockRejectedValueOnce(new Error('connection reset'));
      expect(await sut.take(PROJECT, VERSION, roomy)).toEqual({ kept: false, note: 'Data not kept: the database could not be read at the time' });
    });

    it("does not keep a snapshot the account's storage has no room for", async () => {
      const { sut } = newSnapshotsService();
      expect(await sut.take(PROJECT, VERSION, async () => false)).toEqual({ kept: false, note: "Data not kept: your account's 500 MB of storage is full" });
    });
  });

  describe('restoreWith', () => {
    it('loads the data first, restores the code, then swaps the data in and restarts the app', async () => {
      const { sut, steps } = newSnapshotsService();
      expect(await sut.restoreWith(PROJECT, VERSION, async () => (steps.push('code'), 'restored'))).toBe('restored');
      expect(steps).toEqual(['prepare', 'code', 'swap', 'restart app']);
    });

    it('leaves code and data alone when the snapshot does not load', async () => {
      const { sut, mocks, steps } = newSnapshotsService();
      mocks.driver.prepareRestore.mockRejectedValueOnce(new Error('The snapshot file ends inside the rows of posts'));
      const restoreCode = jest.fn(async () => undefined);
      await expect(sut.restoreWith(PROJECT, VERSION, restoreCode)).rejects.toThrow("The version's data could not be loaded: the project's code and data are as they were");
      expect(restoreCode).not.toHaveBeenCalled();
      expect(steps).toEqual([]);
    });

    it('gives up the loaded data when the code cannot be restored', async () => {
      const { sut, steps } = newSnapshotsService();
      await expect(
        sut.restoreWith(PROJECT, VERSION, async () => {
          throw new Error('busy');
        }),
      ).rejects.toThrow('busy');
      expect(steps).toEqual(['prepare', 'discard']);
    });

    it('refuses a project whose app uses another database', async () => {
      const { sut } = newSnapshotsService({ record: { ...INITIALIZED, active: 'custom' } });
      await expect(sut.restoreWith(PROJECT, VERSION, async () => undefined)).rejects.toBeInstanceOf(DomainError);
    });
  });
});
