import { EventEmitter2 } from '@nestjs/event-emitter';
import { describe, expect, it, jest } from '@jest/globals';
import { ErrorCode } from '@forge/protocol/errors';
import { DomainError } from '../common/errors/domain-error.js';
import type { ProjectsService } from '../projects/projects.service.js';
import { APP_ENVIRONMENT_CHANGED } from '../common/events/domain-events.js';
import type { SecretCipher } from './secret-cipher.js';
import type { SealedSecret, SecretsRepository } from './secrets.repository.js';
import { SecretsService } from './secrets.service.js';

const ENV_EXAMPLE = '# Weather API key, from https://weather.example/keys\nWEATHER_API_KEY=wx-...\n# Mail\nMAIL_TOKEN=mt-...\n';

function newSecretsService(envExample: string | null = ENV_EXAMPLE) {
  const stored = new Map<string, string>();
  const repository = {
    list: jest.fn(async () => [...stored].map(([key, value]): SealedSecret => ({ key, value }))),
    upsert: jest.fn(async (_projectId: string, secrets: SealedSecret[]) => {
      for (const { key, value } of secrets) stored.set(key, value);
    }),
  };
  // A reversible stand-in: sealed values never equal the clear ones.
  const cipher = { seal: (value: string) => `sealed:${[...value].reverse().join('')}`, open: (sealed: string) => [...sealed.slice(7)].reverse().join('') };
  const projects = {
    find: jest.fn(async () => ({ id: 'project-1', name: 'weather', updatedAt: new Date() })),
    readFile: jest.fn(async () => {
      if (envExample === null) throw new DomainError(ErrorCode.FileNotFound, 'File not found: .env.example');
      return envExample;
    }),
    writeEnvironmentFile: jest.fn(async (_projectId: string, _content: string) => undefined),
  };
  // The preview restarts where its whole environment is known (project-databases), told by an event.
  const events = new EventEmitter2();
  const sandboxes = { restartApp: jest.fn((_projectId: string) => true) };
  events.on(APP_ENVIRONMENT_CHANGED, ({ projectId }: { projectId: string }) => sandboxes.restartApp(projectId));
  const sut = new SecretsService(repository as unknown as SecretsRepository, cipher as unknown as SecretCipher, projects as unknown as ProjectsService, events);
  return { sut, mocks: { repository, projects, sandboxes }, stored };
}

describe(SecretsService.name, () => {
  it('lists the .env.example variables with whether each is set, never a value', async () => {
    const { sut, stored } = newSecretsService();
    stored.set('MAIL_TOKEN', 'sealed:xyz');
    sut.addProvidedKey('WEATHER_API_KEY', async () => false);
    expect(await sut.list('owner', 'weather')).toEqual({
      secrets: [
        { key: 'WEATHER_API_KEY', description: 'Weather API key, from https://weather.example/keys', example: 'wx-...', isSet: false },
        { key: 'MAIL_TOKEN', description: 'Mail', example: 'mt-...', isSet: true },
      ],
    });
  });

  it('names the keys the app still waits for: listed, not saved, and not provided by the platform', async () => {
    const { sut, stored } = newSecretsService(`${ENV_EXAMPLE}DATABASE_URL=postgresql://x\n`);
    sut.addProvidedKey('DATABASE_URL', async () => false);
    expect(await sut.missingKeys('project-1')).toEqual(['WEATHER_API_KEY', 'MAIL_TOKEN']);
    stored.set('MAIL_TOKEN', 'sealed:xyz');
    expect(await sut.missingKeys('project-1')).toEqual(['WEATHER_API_KEY']);
    expect(await newSecretsService(null).sut.missingKeys('project-1')).toEqual([]);
  });

  it('lists nothing for a project without .env.example', async () => {
    const { sut } = newSecretsService(null);
    expect(await sut.list('owner', 'weather')).toEqual({ secrets: [] });
  });

  it('counts a variable the platform provides as set', async () => {
    const { sut } = newSecretsService('DATABASE_URL=postgresql://x\n');
    sut.addProvidedKey('DATABASE_URL', async () => true);
    expect((await sut.list('owner', 'weather')).secrets[0]!.isSet).toBe(true);
  });

  it('saves trimmed values sealed, drops empty ones, writes .env and restarts the preview', async () => {
    const { sut, mocks, stored } = newSecretsService();
    expect(await sut.save('owner', 'weather', { WEATHER_API_KEY: '  wx-123456  ', MAIL_TOKEN: '   ' })).toEqual({ saved: ['WEATHER_API_KEY'] });
    expect([...stored.keys()]).toEqual(['WEATHER_API_KEY']);
    expect(stored.get('WEATHER_API_KEY')).not.toContain('wx-123456');
    expect(mocks.projects.writeEnvironmentFile).toHaveBeenCalledWith('project-1', expect.stringContaining('WEATHER_API_KEY=wx-123456\n'));
    expect(mocks.sandboxes.restartApp).toHaveBeenCalledWith('project-1');
    expect(await sut.values('project-1')).toEqual({ WEATHER_API_KEY: 'wx-123456' });
  });

  it('says "No secrets to save" when nothing is left, and changes nothing', async () => {
    const { sut, mocks } = newSecretsService();
    await expect(sut.save('owner', 'weather', { WEATHER_API_KEY: ' ', MAIL_TOKEN: '' })).rejects.toMatchObject({ message: 'No secrets to save', details: 'Please fill in at least one API key' });
    expect(mocks.repository.upsert).not.toHaveBeenCalled();
    expect(mocks.sandboxes.restartApp).not.toHaveBeenCalled();
  });

  it('refuses a key the project does not list', async () => {
    const { sut, mocks } = newSecretsService();
    await expect(sut.save('owner', 'weather', { NODE_OPTIONS: '--require /tmp/x.js' })).rejects.toMatchObject({ code: ErrorCode.Validation });
    expect(mocks.repository.upsert).not.toHaveBeenCalled();
  });

  it('masks saved values and those of other sources, and follows later saves', async () => {
    const { sut } = newSecretsService();
    sut.addMaskSource(async () => ['db-password-1']);
    await sut.save('owner', 'weather', { WEATHER_API_KEY: 'wx-first-value' });
    const mask = await sut.masker('project-1');
    expect(mask('key wx-first-value, db db-password-1')).toBe('key ••••••••, db ••••••••');
    await sut.save('owner', 'weather', { WEATHER_API_KEY: 'wx-second-value' });
    // The replaced value may still be in the app's log.
    expect(mask('now wx-second-value, before wx-first-value')).toBe('now ••••••••, before ••••••••');
  });
});
