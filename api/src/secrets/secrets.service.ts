import type { Transform } from 'node:stream';
import { Injectable, Logger } from '@nestjs/common';
import { EventEmitter2, OnEvent } from '@nestjs/event-emitter';
import { ErrorCode } from '@forge/protocol/errors';
import { NO_SECRETS_TO_SAVE_DETAILS, NO_SECRETS_TO_SAVE_MESSAGE, type SaveSecretsResponse, type SecretsResponse, secretsToSave } from '@forge/protocol/secrets';
import { DomainError } from '../common/errors/domain-error.js';
import { APP_ENVIRONMENT_CHANGED, type AppEnvironmentChangedEvent, PROJECT_DELETING, type ProjectDeletingEvent, SECRETS_CHANGED, type SecretsChangedEvent } from '../common/events/domain-events.js';
import { ProjectsService } from '../projects/projects.service.js';
import { type EnvExampleEntry, parseEnvExample, renderEnvFile } from './env-example.js';
import { maskingStream } from './masking-stream.js';
import { type Mask, maskValues, maskableValues } from './secret-masker.js';
import { SecretCipher } from './secret-cipher.js';
import { SecretsRepository } from './secrets.repository.js';

const ENV_EXAMPLE = '.env.example';

/** More values that must never show in a log line (database passwords), by project. */
export type MaskSource = (projectId: string) => Promise<string[]>;
/** Whether the platform itself sets a variable for the project (DATABASE_URL once initialized). */
export type ProvidedKey = (projectId: string) => Promise<boolean>;

/**
 * A project's API keys: the variables its .env.example lists. Values are kept sealed in the
 * platform database and written to the project's .env; only the app's environment ever gets them.
 * The API answers which keys are set, never a value; log lines have every value masked.
 */
@Injectable()
export class SecretsService {
  private readonly logger = new Logger('Secrets');
  /** Each loaded project's values (replaced ones too: lines printed with them are still there). */
  private readonly maskedValues = new Map<string, Set<string>>();
  /** Those values and their encoded forms, longest first. */
  private readonly masks = new Map<string, string[]>();
  private readonly maskSources: MaskSource[] = [];
  private readonly providedKeys = new Map<string, ProvidedKey>();

  constructor(
    private readonly repository: SecretsRepository,
    private readonly cipher: SecretCipher,
    private readonly projects: ProjectsService,
    private readonly events: EventEmitter2,
  ) {}

  async list(ownerId: string, name: string): Promise<SecretsResponse> {
    const project = await this.projects.find(ownerId, name);
    const saved = new Set((await this.repository.list(project.id)).map((secret) => secret.key));
    const secrets = [];
    for (const { key, description, example } of await this.requirements(project.id)) {
      const isSet = saved.has(key) || ((await this.providedKeys.get(key)?.(project.id)) ?? false);
      secrets.push({ key, description, example, isSet });
    }
    return { secrets };
  }

  /**
   * The keys the project's app still waits for: listed in .env.example, no value saved, and not one
   * the platform sets by itself (DATABASE_URL is the database's business, not a key to paste).
   */
  async missingKeys(projectId: string): Promise<string[]> {
    const saved = new Set((await this.repository.list(projectId)).map((secret) => secret.key));
    return (await this.requirements(projectId)).map((entry) => entry.key).filter((key) => !saved.has(key) && !this.providedKeys.has(key));
  }

  /** Saves the non-empty values (trimmed) of listed keys, writes .env, and restarts the preview so the app reads them. */
  async save(ownerId: string, name: string, values: Record<string, string>): Promise<SaveSecretsResponse> {
    const project = await this.projects.find(ownerId, name);
    const entries = Object.entries(secretsToSave(values));
    if (entries.length === 0) throw new DomainError(ErrorCode.Validation, NO_SECRETS_TO_SAVE_MESSAGE, NO_SECRETS_TO_SAVE_DETAILS);
    const listed = new Set((await this.requirements(project.id)).map((entry) => entry.key));
    const unknown = entries.find(([key]) => !listed.has(key));
    if (unknown) throw new DomainError(ErrorCode.Validation, `${unknown[0]} is not a variable this project's ${ENV_EXAMPLE} lists`);
    await this.repository.upsert(
      project.id,
      entries.map(([key, value]) => ({ key, value: this.cipher.seal(value) })),
    );
    await this.projects.writeEnvironmentFile(project.id, renderEnvFile(await this.values(project.id)));
    await this.refreshMask(project.id);
    // The preview's app starts again with them, off the request's path (project-databases knows its whole environment).
    const changed: AppEnvironmentChangedEvent = { projectId: project.id };
    void this.events.emitAsync(APP_ENVIRONMENT_CHANGED, changed).catch((err: Error) => this.logger.warn(`Restarting ${project.id} after saving secrets: ${err.message}`));
    return { saved: entries.map(([key]) => key) };
  }

  /** The saved values in clear: for the app's environment and nothing else. */
  async values(projectId: string): Promise<Record<string, string>> {
    const values: Record<string, string> = {};
    for (const { key, value } of await this.repository.list(projectId)) values[key] = this.cipher.open(value);
    return values;
  }

  /** Masks the project's secrets (and `extra` values) in a text; follows later saves. */
  async masker(projectId: string, extra: string[] = []): Promise<Mask> {
    if (!this.masks.has(projectId)) await this.loadMask(projectId);
    const more = maskableValues(extra);
    return (text) => maskValues(maskValues(text, this.masks.get(projectId) ?? []), more);
  }

  /**
   * A stream that masks the project's secrets in bytes passing through (a file a share serves); null
   * when it has none. `sameLength` (binary files) masks byte for byte, keeping the length.
   */
  async maskingStream(projectId: string, options: { sameLength?: boolean } = {}): Promise<Transform | null> {
    if (!this.masks.has(projectId)) await this.loadMask(projectId);
    const values = this.masks.get(projectId) ?? [];
    return values.length > 0 ? maskingStream(values, options) : null;
  }

  /** The masker of an account's project by name, or undefined when the project does not exist yet. */
  async maskerForName(ownerId: string, name: string): Promise<Mask | undefined> {
    const project = await this.projects.find(ownerId, name).catch(() => null);
    return project ? this.masker(project.id) : undefined;
  }

  /**
   * Reloads what to mask after a value changed here or in a mask source. A replaced value stays
   * masked: lines the app printed with it (its log) are still there.
   */
  async refreshMask(projectId: string): Promise<void> {
    await this.loadMask(projectId);
    // Other replicas that mask this project's logs reload theirs.
    const event: SecretsChangedEvent = { projectId };
    await this.events.emitAsync(SECRETS_CHANGED, event);
  }

  @OnEvent(SECRETS_CHANGED)
  async onSecretsChanged({ projectId, relayed }: SecretsChangedEvent): Promise<void> {
    if (relayed && this.masks.has(projectId)) await this.loadMask(projectId);
  }

  private async loadMask(projectId: string): Promise<void> {
    const values = new Set([...(this.maskedValues.get(projectId) ?? []), ...Object.values(await this.values(projectId))]);
    for (const source of this.maskSources) for (const value of await source(projectId)) values.add(value);
    this.maskedValues.set(projectId, values);
    this.masks.set(projectId, maskableValues(values));
  }

  addMaskSource(source: MaskSource): void {
    this.maskSources.push(source);
  }

  /** A variable the platform sets by itself counts as set in the list. */
  addProvidedKey(key: string, isProvided: ProvidedKey): void {
    this.providedKeys.set(key, isProvided);
  }

  @OnEvent(PROJECT_DELETING)
  onProjectDeleting({ projectId }: ProjectDeletingEvent): void {
    this.maskedValues.delete(projectId);
    this.masks.delete(projectId);
  }

  private async requirements(projectId: string): Promise<EnvExampleEntry[]> {
    try {
      return parseEnvExample(await this.projects.readFile(projectId, ENV_EXAMPLE));
    } catch (err) {
      if (err instanceof DomainError && err.code === ErrorCode.FileNotFound) return [];
      throw err;
    }
  }
}
