/** Letters, numbers, hyphens and underscores: safe in URLs, file names and DNS-like labels. */
export const PROJECT_NAME_PATTERN = /^[A-Za-z0-9_-]+$/;
export const PROJECT_NAME_MAX_LENGTH = 64;
export const DEFAULT_PROJECT_NAME = 'my-react-app';
export const INVALID_PROJECT_NAME_MESSAGE = 'Invalid project name. Use only letters, numbers, hyphens (-), and underscores (_).';
export const PROJECT_NAME_TOO_LONG_MESSAGE = `Project name is too long (max ${PROJECT_NAME_MAX_LENGTH} characters).`;
export const PROJECT_NAME_REQUIRED_MESSAGE = 'Project name is required';

/** An empty name falls back to the default; the caller decides whether that is allowed. */
export function normalizeProjectName(input: string | undefined | null): string {
  const trimmed = (input ?? '').trim();
  return trimmed === '' ? DEFAULT_PROJECT_NAME : trimmed;
}

/** Returns the message to show, or null when the name is valid. */
export function projectNameError(name: string): string | null {
  if (name.length > PROJECT_NAME_MAX_LENGTH) return PROJECT_NAME_TOO_LONG_MESSAGE;
  return PROJECT_NAME_PATTERN.test(name) ? null : INVALID_PROJECT_NAME_MESSAGE;
}

/** What a generation over an existing project is refused with, unless it says it replaces it. */
export function projectExistsMessage(name: string): string {
  return `You already have a project named "${name}". Choose another name, or confirm that the new app replaces ${name}.`;
}

/**
 * The first of `name-2`, `name-3`, … that is not taken (the suffix replaces a trailing `-N` of the
 * name, and the base is cut to keep the result within the length limit).
 */
export function freeProjectName(name: string, taken: ReadonlySet<string> | readonly string[]): string {
  const names = new Set([...taken].map((entry) => entry.toLowerCase()));
  const base = name.replace(/-\d+$/, '') || name;
  for (let n = 2; ; n += 1) {
    const suffix = `-${n}`;
    const candidate = `${base.slice(0, PROJECT_NAME_MAX_LENGTH - suffix.length)}${suffix}`;
    if (!names.has(candidate.toLowerCase())) return candidate;
  }
}

/** A project name made of an uploaded file's name (`My Site (1).zip` → `My-Site-1`), as an import takes it when none is given. */
export function projectNameFromFileName(fileName: string): string {
  return fileName
    .replace(/\.zip$/i, '')
    .replace(/[^A-Za-z0-9_-]+/g, '-')
    .replace(/^-+|-+$/g, '')
    .slice(0, PROJECT_NAME_MAX_LENGTH);
}
