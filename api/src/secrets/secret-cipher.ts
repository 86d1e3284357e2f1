import { createCipheriv, createDecipheriv, createHmac, hkdfSync, randomBytes } from 'node:crypto';
import { existsSync } from 'node:fs';
import { chmod, mkdir, readFile, stat, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { Inject, Injectable, type OnModuleInit } from '@nestjs/common';
import { APP_CONFIG, type AppConfig } from '../config/app-config.js';

const VERSION = 'v1';
const KEY_FILE = 'secrets.key';

/**
 * Seals secrets (API keys, database passwords and URLs) for the platform database with AES-256-GCM:
 * a leaked table, or a backup of it, holds nothing usable without the key. The key comes from
 * SECRETS_KEY, or is generated once under DATA_DIR, readable by the platform's user alone.
 */
@Injectable()
export class SecretCipher implements OnModuleInit {
  private key: Buffer | null = null;
  /** Derived from the key, so names never use the sealing key itself. */
  private nameKey: Buffer | null = null;

  constructor(@Inject(APP_CONFIG) private readonly config: AppConfig) {}

  async onModuleInit(): Promise<void> {
    this.key = this.config.secretsKey ?? (await loadOrCreateKey(this.config.dataDir));
    this.nameKey = Buffer.from(hkdfSync('sha256', this.key, Buffer.alloc(0), 'forge pseudonyms', 32));
  }

  /**
   * 24 hex digits that stand for `id` (the same id, the same digits) and tell nothing about it to
   * anyone without the key: names others may see, such as a project's database role.
   */
  pseudonym(purpose: string, id: string): string {
    if (!this.nameKey) throw new Error('The secrets key is not loaded yet');
    return createHmac('sha256', this.nameKey).update(`${purpose}\n${id}`).digest('hex').slice(0, 24);
  }

  /** `v1.{iv}.{tag}.{ciphertext}`, each base64url; a fresh IV each time. */
  seal(plaintext: string): string {
    const iv = randomBytes(12);
    const cipher = createCipheriv('aes-256-gcm', this.requireKey(), iv);
    const ciphertext = Buffer.concat([cipher.update(plaintext, 'utf8'), cipher.final()]);
    return [VERSION, iv, cipher.getAuthTag(), ciphertext].map((part) => (typeof part === 'string' ? part : part.toString('base64url'))).join('.');
  }

  /** Throws when the value was sealed with another key or altered. */
  open(sealed: string): string {
    const [version, iv, tag, ciphertext] = sealed.split('.');
    if (version !== VERSION || iv === undefined || tag === undefined || ciphertext === undefined) throw new Error('Not a sealed secret');
    const decipher = createDecipheriv('aes-256-gcm', this.requireKey(), Buffer.from(iv, 'base64url'));
    decipher.setAuthTag(Buffer.from(tag, 'base64url'));
    return Buffer.concat([decipher.update(Buffer.from(ciphertext, 'base64url')), decipher.final()]).toString('utf8');
  }

  private requireKey(): Buffer {
    if (!this.key) throw new Error('The secrets key is not loaded yet');
    return this.key;
  }
}

/** The key file under the data directory, created with mode 0600 on first use. */
export async function loadOrCreateKey(dataDir: string): Promise<Buffer> {
  const file = join(dataDir, KEY_FILE);
  if (!existsSync(file)) {
    await mkdir(dataDir, { recursive: true });
    try {
      await writeFile(file, randomBytes(32).toString('base64'), { mode: 0o600, flag: 'wx' });
    } catch (err) {
      // Another process made it first: use theirs.
      if ((err as NodeJS.ErrnoException).code !== 'EEXIST') throw err;
    }
  }
  if (((await stat(file)).mode & 0o077) !== 0) await chmod(file, 0o600);
  const key = Buffer.from((await readFile(file, 'utf8')).trim(), 'base64');
  if (key.length !== 32) throw new Error(`${file} does not hold a 32-byte key; restore it from a backup or set SECRETS_KEY`);
  return key;
}
