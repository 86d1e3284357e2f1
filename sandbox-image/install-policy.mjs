// The package policy a sandbox applies to a project before and after npm installs it: dependencies only
// by registry name and version range, a deny-list, install scripts only for an allow-list. The registry
// proxy applies the release-age rule (and the deny-list again) to what it offers; this names the rule
// in the build log when npm finds nothing it may install. Plain Node 22 ESM, no dependencies.
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';

/** The project's dependency lists npm installs (or resolves): each is checked. */
const DEPENDENCY_FIELDS = ['dependencies', 'devDependencies', 'optionalDependencies', 'peerDependencies'];
const DIST_TAG = /^[a-z][\w.-]*$/i;

/** The policy as the platform hands it to the build (environment variables). */
export function policyFromEnv(env = process.env) {
  const list = (value) =>
    (value ?? '')
      .split(',')
      .map((item) => item.trim().toLowerCase())
      .filter(Boolean);
  const hours = Number(env.FORGE_NPM_MIN_AGE_HOURS);
  return {
    registry: env.FORGE_NPM_REGISTRY?.trim() || null,
    allowScripts: new Set(list(env.FORGE_NPM_ALLOW_SCRIPTS)),
    deny: list(env.FORGE_NPM_DENY),
    minAgeHours: Number.isFinite(hours) && hours > 0 ? hours : 0,
  };
}

/**
 * What kind of non-registry source a dependency spec names ('a git repository', …), or null for a
 * registry name and range (a semver range, a dist-tag, or `npm:name@range`).
 */
export function nonRegistrySource(spec, semver) {
  const value = spec.trim();
  if (value.startsWith('npm:')) {
    const target = value.slice(4);
    const at = target.lastIndexOf('@');
    return at > 0 ? nonRegistrySource(target.slice(at + 1), semver) : null;
  }
  if (/^(git\+|git:|github:|gitlab:|bitbucket:|gist:)/i.test(value) || /^[\w.-]+\/[\w.-]+(#.*)?$/.test(value)) return 'a git repository';
  if (/^https?:/i.test(value)) return /\.(tgz|tar\.gz|tar)([?#].*)?$/i.test(value) ? 'a tarball URL' : 'a URL';
  if (/^workspace:/i.test(value)) return 'a workspace link';
  if (/^(file:|link:|portal:|\.{0,2}\/|~\/)/i.test(value) || /\.(tgz|tar\.gz|tar)$/i.test(value)) return 'a local path';
  if (value === '' || semver.validRange(value) !== null || DIST_TAG.test(value)) return null;
  return 'not a version range';
}

/** The registry package a dependency entry installs: its own name, or an alias's target. */
function installedName(name, spec) {
  if (!spec.startsWith('npm:')) return name;
  const target = spec.slice(4);
  const at = target.lastIndexOf('@');
  return at > 0 ? target.slice(0, at) : target;
}

export function isDenied(name, deny) {
  const lower = name.toLowerCase();
  return deny.some((entry) => entry === lower || (entry.startsWith('@') && !entry.includes('/') && lower.startsWith(`${entry}/`)));
}

/** Every reason the project's package.json (and lockfile, when there is one) cannot be installed here, as build-log lines. */
export function policyRefusals(manifest, lock, policy, semver) {
  const refusals = [];
  const refuse = (name, spec, why) =>
    refusals.push(
      `❌ package.json: "${name}": "${spec}" is ${why}. Only packages from the registry, by name and version range, are installed here: depend on a published version instead (for example "${name}": "^1.0.0").`,
    );
  for (const field of DEPENDENCY_FIELDS) {
    for (const [name, spec] of Object.entries(manifest[field] ?? {})) {
      const why = nonRegistrySource(spec, semver);
      if (why === 'not a version range') refusals.push(`❌ package.json: "${name}": "${spec}" is not a version range npm understands.`);
      else if (why) refuse(name, spec, why);
      else if (isDenied(installedName(name, spec), policy.deny)) refusals.push(denied(installedName(name, spec), 'package.json'));
    }
  }
  for (const [name, spec] of overrideSpecs(manifest.overrides)) {
    const why = nonRegistrySource(spec, semver);
    if (why && why !== 'not a version range') refusals.push(`❌ package.json: the override of "${name}" ("${spec}") is ${why}; only registry versions are installed here.`);
  }
  for (const [path, entry] of Object.entries(lock?.packages ?? {})) {
    if (!path) continue;
    const name = entry.name ?? path.slice(path.lastIndexOf('node_modules/') + 'node_modules/'.length);
    if (entry.link || (entry.resolved && !isRegistryTarball(entry.resolved))) {
      const source = entry.link ? 'a linked folder' : (nonRegistrySource(entry.resolved, semver) ?? 'a URL');
      refusals.push(`❌ package-lock.json: ${name} comes from ${entry.resolved ?? path} (${source}). Only packages from the registry are installed here.`);
    } else if (isDenied(name, policy.deny)) refusals.push(denied(name, `package-lock.json (${path})`));
  }
  return [...new Set(refusals)];
}

function denied(name, where) {
  return `❌ ${where}: "${name}" is on this platform's deny-list (NPM_DENY_PACKAGES), so it is not installed. Remove it, or use another package.`;
}

/** [package, spec] of every string in an `overrides` tree ($references to the project's own ranges aside). */
function overrideSpecs(overrides, parent = '') {
  if (!overrides || typeof overrides !== 'object') return [];
  return Object.entries(overrides).flatMap(([name, value]) => {
    if (typeof value === 'string') return value.startsWith('$') ? [] : [[name === '.' ? parent : name, value]];
    return overrideSpecs(value, name);
  });
}

/** A registry's tarball URL: …/<name>/-/<file>.tgz on any host (npm points lockfiles at the proxy's instead). */
export function isRegistryTarball(resolved) {
  return /^https?:\/\/[^/]+\/.*\/-\/[^/]+\.tgz$/.test(resolved);
}

/** Lockfiles of other package managers, when package-lock.json is absent: noted, then installed with npm. */
export function foreignLockfiles(projectDir) {
  return ['bun.lockb', 'bun.lock', 'pnpm-lock.yaml', 'yarn.lock'].filter((name) => existsSync(join(projectDir, name)));
}

/** Whether the lockfile was written for this package.json: npm ci refuses one that was not. */
export function lockMatches(manifest, lock) {
  const root = lock?.packages?.[''];
  if (!root || (lock.lockfileVersion ?? 1) < 2) return false;
  return DEPENDENCY_FIELDS.every((field) => sameEntries(manifest[field], root[field]));
}

function sameEntries(a = {}, b = {}) {
  const left = Object.entries(a);
  return left.length === Object.keys(b).length && left.every(([name, spec]) => b[name] === spec);
}

/** Packages of the installed tree that have install scripts (npm's hidden lockfile marks them), split by the allow-list. */
export function installScripts(nodeModules, allowScripts) {
  let lock;
  try {
    lock = JSON.parse(readFileSync(join(nodeModules, '.package-lock.json'), 'utf8'));
  } catch {
    return { allowed: [], skipped: [] };
  }
  const names = new Set();
  for (const [path, entry] of Object.entries(lock.packages ?? {})) {
    if (entry.hasInstallScript && path.includes('node_modules/')) names.add(entry.name ?? path.slice(path.lastIndexOf('node_modules/') + 'node_modules/'.length));
  }
  const sorted = [...names].sort();
  return { allowed: sorted.filter((name) => allowScripts.has(name)), skipped: sorted.filter((name) => !allowScripts.has(name)) };
}

/**
 * Build-log lines that say which rule an install failure may come from: npm reports a package it may
 * not have as "no matching version" or "not in this registry", without the proxy's reason.
 */
export function explainInstallFailure(output, policy) {
  const notes = [];
  const unavailable = new Map();
  for (const match of output.matchAll(/No matching version found for ((?:@[^/\s]+\/)?[^@\s]+)@([^\s]+?)\.?$/gm)) unavailable.set(match[1], match[2]);
  for (const match of output.matchAll(/'((?:@[^/\s]+\/)?[^@\s']+)@([^\s']*)' is not in this registry/g)) unavailable.set(match[1], match[2]);
  // npm words a full disk in lower case and adds a guess about the system: this says whose disk it is.
  if (/ENOSPC|no space left on device/i.test(output))
    notes.push("❌ No space left on device: the project's disk in its sandbox is full. Remove large files, or dependencies the project does not use.");
  for (const [name, range] of unavailable) {
    if (isDenied(name, policy.deny)) notes.push(denied(name, 'npm'));
    else if (policy.minAgeHours > 0)
      notes.push(
        `ℹ️ ${name}@${range}: versions published less than ${policy.minAgeHours} h ago are not offered here (NPM_MIN_RELEASE_AGE_HOURS), so this range may have no version old enough, or none at all. Depend on an older published version.`,
      );
  }
  return notes;
}
