import { mkdtemp, rm, stat, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from '@jest/globals';
import { loadConfig } from '../config/app-config.js';
import { SecretCipher, loadOrCreateKey } from './secret-cipher.js';

describe(SecretCipher.name, () => {
  let dataDir: string;
  beforeEach(async () => {
    dataDir = await mkdtemp(join(tmpdir(), 'forge-cipher-'));
  });
  afterEach(async () => {
    await rm(dataDir, { recursive: true, force: true });
  });

  async function newCipher(env: Record<string, string> = {}) {
    const sut = new SecretCipher(loadConfig({ DATA_DIR: dataDir, ...env }));
    await sut.onModuleInit();
    return sut;
  }

  it('seals with a fresh IV each time and opens what it sealed', async () => {
    const sut = await newCipher();
    const first = sut.seal('sk_live_123');
    const second = sut.seal('sk_live_123');
    expect(first).toMatch(/^v1\.[\w-]+\.[\w-]+\.[\w-]+$/);
    expect(first).not.toBe(second);
    expect(first).not.toContain('sk_live_123');
    expect(sut.open(first)).toBe('sk_live_123');
    expect(sut.open(sut.seal(''))).toBe('');
  });

  it('refuses a sealed value that was altered, or sealed under another key', async () => {
    const sut = await newCipher();
    const sealed = sut.seal('value');
    const parts = sealed.split('.');
    parts[3] = Buffer.from('other').toString('base64url');
    expect(() => sut.open(parts.join('.'))).toThrow();
    const other = await newCipher({ SECRETS_KEY: 'ab'.repeat(32) });
    expect(() => other.open(sealed)).toThrow();
  });

  it('names an id the same way each time, differently per purpose and per key, without showing it', async () => {
    const sut = await newCipher();
    const id = '0b6f3c9e-4a57-4c1e-9a3e-1f2d3c4b5a69';
    expect(sut.pseudonym('project', id)).toMatch(/^[0-9a-f]{24}$/);
    expect(sut.pseudonym('project', id)).toBe((await newCipher()).pseudonym('project', id));
    expect(sut.pseudonym('account', id)).not.toBe(sut.pseudonym('project', id));
    expect((await newCipher({ SECRETS_KEY: 'ab'.repeat(32) })).pseudonym('project', id)).not.toBe(sut.pseudonym('project', id));
    expect(id.replace(/-/g, '')).not.toContain(sut.pseudonym('project', id).slice(0, 8));
  });

  it("generates its key once, readable by the platform's user alone, and keeps using it", async () => {
    const first = await loadOrCreateKey(dataDir);
    expect((await stat(join(dataDir, 'secrets.key'))).mode & 0o777).toBe(0o600);
    expect(await loadOrCreateKey(dataDir)).toEqual(first);
    const a = await newCipher();
    const b = await newCipher();
    expect(b.open(a.seal('shared'))).toBe('shared');
  });

  it('says what to do when the key file is damaged', async () => {
    await writeFile(join(dataDir, 'secrets.key'), 'short', { mode: 0o600 });
    await expect(loadOrCreateKey(dataDir)).rejects.toThrow(/does not hold a 32-byte key/);
  });
});
