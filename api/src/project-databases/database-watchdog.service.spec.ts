import { describe, expect, it, jest } from '@jest/globals';
import { loadConfig } from '../config/app-config.js';
import type { DatabaseLimitsDriver, DatabaseUsage } from './database-limits.driver.js';
import type { DatabaseSetupService } from './database-setup.service.js';
import { DatabaseWatchdog } from './database-watchdog.service.js';
import type { ProjectDatabasesRepository } from './project-databases.repository.js';

const MB = 1024 * 1024;

function newWatchdog(usages: DatabaseUsage[]) {
  const limits = {
    available: true,
    usages: jest.fn(async (_names: string[]) => usages),
    refuseWrites: jest.fn(async (_name: string) => true),
    allowWrites: jest.fn(async (_name: string) => true),
    reclaimDeletedSpace: jest.fn(async (_name: string) => undefined),
    cancelOverrunningStatements: jest.fn(async (_names: string[]) => [] as string[]),
    applyToExistingRole: jest.fn(async (_role: string, _group: string) => undefined),
    databasesWithoutLoginCheck: jest.fn(async (_names: string[]) => ['forge_p_old']),
    installLoginCheck: jest.fn(async (_name: string) => undefined),
    applyAccountBudget: jest.fn(async (_groups: string[]) => undefined),
  };
  const setup = { accountGroup: (ownerId: string) => `forge_a_${ownerId}` };
  const repository = { provisioned: jest.fn(async () => [{ name: 'forge_p_old', ownerId: 'owner' }]) };
  const sut = new DatabaseWatchdog(
    loadConfig({ PROJECT_DATABASE_MAX_MB: '10' }),
    limits as unknown as DatabaseLimitsDriver,
    setup as unknown as DatabaseSetupService,
    repository as unknown as ProjectDatabasesRepository,
  );
  return { sut, mocks: { limits } };
}

describe(DatabaseWatchdog.name, () => {
  it('refuses writes to a database over its size, reclaims deleted rows of one refused already, and allows them again under it', async () => {
    const { sut, mocks } = newWatchdog([
      { name: 'forge_p_grown', bytes: 11 * MB, writesRefused: false },
      { name: 'forge_p_still', bytes: 12 * MB, writesRefused: true },
      { name: 'forge_p_cleaned', bytes: 9 * MB, writesRefused: true },
      { name: 'forge_p_fine', bytes: 10 * MB, writesRefused: false },
    ]);
    await sut.checkSizes();
    expect(mocks.limits.refuseWrites.mock.calls).toEqual([['forge_p_grown']]);
    expect(mocks.limits.reclaimDeletedSpace.mock.calls).toEqual([['forge_p_still']]);
    expect(mocks.limits.allowWrites.mock.calls).toEqual([['forge_p_cleaned']]);
  });

  it('brings databases made before the limits up to them: role, login check, budget', async () => {
    const { sut, mocks } = newWatchdog([]);
    await sut.catchUp();
    expect(mocks.limits.applyToExistingRole).toHaveBeenCalledWith('forge_p_old', 'forge_a_owner');
    expect(mocks.limits.installLoginCheck).toHaveBeenCalledWith('forge_p_old');
    expect(mocks.limits.applyAccountBudget).toHaveBeenCalledWith(['forge_a_owner']);
  });

  it("looks only at the databases this platform provisioned, never another platform's on the same server", async () => {
    const { sut, mocks } = newWatchdog([]);
    await sut.catchUp();
    await sut.cancelOverrunningStatements();
    await sut.checkSizes();
    expect(mocks.limits.databasesWithoutLoginCheck).toHaveBeenCalledWith(['forge_p_old']);
    expect(mocks.limits.cancelOverrunningStatements).toHaveBeenCalledWith(['forge_p_old']);
    expect(mocks.limits.usages).toHaveBeenCalledWith(['forge_p_old']);
  });
});
