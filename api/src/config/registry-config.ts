// Package registry settings: where sandboxes' npm gets packages, and the policy packages pass.
import { createHash } from 'node:crypto';
import { existsSync, readFileSync } from 'node:fs';
import { join, relative, resolve } from 'node:path';
import { ConfigError, type Env, integer, text, url } from './env.js';

export interface RegistryConfig {
  /** An operator's own registry proxy (NPM_REGISTRY_URL); null: the platform runs Verdaccio itself. */
  operatorUrl: string | null;
  /** Where the managed proxy fetches what it does not hold. */
  upstream: string;
  /** Versions published more recently are not offered (0: no minimum). Applied by the managed proxy. */
  minReleaseAgeHours: number;
  /** Packages whose install scripts run: the shipped list plus NPM_ALLOW_SCRIPTS. */
  allowScripts: string[];
  /** Packages (or whole @scopes) never installed. */
  denyPackages: string[];
  /** The proxy's recipe: Verdaccio's manifest and lockfile, its runner, the pre-warm list (deploy/registry). */
  recipeDir: string;
  /** Where `npm start` and `npm test` install Verdaccio and keep pre-warmed storage, by recipe. */
  installDir: string;
}

/**
 * Packages a build may need the install script of: they fetch or check a native binary shipped as one of
 * their optional dependencies, never from elsewhere. Operators add more with NPM_ALLOW_SCRIPTS.
 */
export const SHIPPED_SCRIPT_ALLOW_LIST = ['esbuild', '@swc/core', '@parcel/watcher', 'sharp', 'unrs-resolver', 'bufferutil', 'utf-8-validate'];

const PACKAGE_NAME = /^(@[a-z0-9][\w.-]*\/)?[a-z0-9][\w.-]*$/;
const SCOPE = /^@[a-z0-9][\w.-]*$/;

export function registryFrom(env: Env, cwd: string): RegistryConfig {
  const operatorUrl = url(env, 'NPM_REGISTRY_URL', ['http:', 'https:']);
  const upstream = url(env, 'NPM_UPSTREAM_REGISTRY', ['http:', 'https:']) ?? 'https://registry.npmjs.org/';
  const extraScripts = names(env, 'NPM_ALLOW_SCRIPTS', (name) => PACKAGE_NAME.test(name), 'a package name');
  return {
    operatorUrl: operatorUrl && withSlash(operatorUrl),
    upstream: withSlash(upstream),
    minReleaseAgeHours: integer(env, 'NPM_MIN_RELEASE_AGE_HOURS', 48, 0, 24 * 365),
    allowScripts: [...new Set([...SHIPPED_SCRIPT_ALLOW_LIST, ...extraScripts])],
    denyPackages: names(env, 'NPM_DENY_PACKAGES', (name) => PACKAGE_NAME.test(name) || SCOPE.test(name), 'a package name or an @scope'),
    recipeDir: resolve(cwd, 'deploy', 'registry'),
    installDir: resolve(cwd, 'node_modules', '.cache', 'forge-registry'),
  };
}

function names(env: Env, variable: string, valid: (name: string) => boolean, what: string): string[] {
  const list = (text(env, variable) ?? '')
    .split(',')
    .map((name) => name.trim().toLowerCase())
    .filter(Boolean);
  for (const name of list) if (!valid(name)) throw new ConfigError(variable, `"${name}" is not ${what}`);
  return list;
}

function withSlash(value: string): string {
  return value.endsWith('/') ? value : `${value}/`;
}

/** The lockfiles whose packages are pre-warmed, as deploy/registry/prewarm/stacks.json lists them (paths from the repository root). */
export function prewarmLockfiles(recipeDir: string): string[] {
  const listFile = join(recipeDir, 'prewarm', 'stacks.json');
  if (!existsSync(listFile)) return [];
  const root = resolve(recipeDir, '..', '..');
  return (JSON.parse(readFileSync(listFile, 'utf8')) as { lockfiles: string[] }).lockfiles.map((path) => resolve(root, path));
}

/**
 * A hash of everything that shapes the installed proxy and its pre-warmed storage: a changed recipe or
 * pre-warm list makes a new one. scripts/lib/registry.mjs imports this from the built API.
 */
export function registryRecipeHash(recipeDir: string): string {
  const hash = createHash('sha256');
  const root = resolve(recipeDir, '..', '..');
  const files = ['package.json', 'package-lock.json', 'runner.mjs', join('prewarm', 'stacks.json')].map((name) => join(recipeDir, name));
  for (const file of [...files, ...prewarmLockfiles(recipeDir)]) {
    hash
      .update(`${relative(root, file)}\0`)
      .update(existsSync(file) ? readFileSync(file) : '')
      .update('\0');
  }
  return hash.digest('hex').slice(0, 12);
}

/** Where Verdaccio is installed for a recipe, and where its pre-warmed storage is kept. */
export function registryInstallPaths(config: Pick<RegistryConfig, 'recipeDir' | 'installDir'>): { verdaccioDir: string; runner: string; prewarmedStorage: string } {
  const verdaccioDir = join(config.installDir, 'verdaccio');
  return { verdaccioDir, runner: join(verdaccioDir, 'runner.mjs'), prewarmedStorage: join(config.installDir, 'prewarmed', registryRecipeHash(config.recipeDir), 'storage') };
}
