// A project's API keys and secrets: the variables its `.env.example` lists.

export interface SecretRequirement {
  key: string;
  /** From the comment line above the variable; may contain a URL to get the key from. */
  description: string;
  example: string;
  /** Whether a value is saved. The value itself is never sent. */
  isSet: boolean;
}

/** `GET /api/projects/{p}/secrets` */
export interface SecretsResponse {
  secrets: SecretRequirement[];
}

/** `POST /api/projects/{p}/secrets`: values trimmed; empty ones dropped. */
export interface SaveSecretsRequest {
  secrets: Record<string, string>;
}
export interface SaveSecretsResponse {
  saved: string[];
}

export const NO_SECRETS_TO_SAVE_MESSAGE = 'No secrets to save';
export const NO_SECRETS_TO_SAVE_DETAILS = 'Please fill in at least one API key';

/** What a save sends and keeps: each value trimmed, the empty ones left out. */
export function secretsToSave(values: Record<string, string>): Record<string, string> {
  const kept: Record<string, string> = {};
  for (const [key, value] of Object.entries(values)) {
    const trimmed = value.trim();
    if (trimmed !== '') kept[key] = trimmed;
  }
  return kept;
}

/** The first web address in a secret's description: where to get the key. */
export function descriptionUrl(description: string): string | null {
  return /https?:\/\/[^\s<>"')]+[^\s<>"').,;:]/.exec(description)?.[0] ?? null;
}

/** Variables the platform sets by itself (a data app's DATABASE_URL, once initialized): never keys to paste. */
export const PLATFORM_PROVIDED_KEYS: readonly string[] = ['DATABASE_URL'];

/** The keys a project's app still waits for: listed, not saved, and not set by the platform. */
export function keysToAdd(secrets: readonly SecretRequirement[]): string[] {
  return secrets.filter((secret) => !secret.isSet && !PLATFORM_PROVIDED_KEYS.includes(secret.key)).map((secret) => secret.key);
}

/** `Waiting for OPENWEATHER_API_KEY: add it under API Keys & Secrets`. */
export function waitingForSecretsMessage(keys: readonly string[]): string {
  return `Waiting for ${keys.join(', ')}: add ${keys.length === 1 ? 'it' : 'them'} under API Keys & Secrets`;
}

/**
 * A built app whose `.env.example` lists a key not saved yet may answer 503 or name the key in its
 * errors: the browser check lets that pass, and the build says what it waits for, a line per key.
 */
export function waitingForSecretLine(key: string): string {
  return `⏳ ${waitingForSecretsMessage([key])}`;
}

/** How a build's log says its browser check passed only because the app waits for its keys. */
export const CHECK_PASSED_WAITING_FOR_SECRETS = 'passed, waiting for secrets';
