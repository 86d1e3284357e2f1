// The v2 starter template (api/templates/v2) and the blueprints built on it (api/blueprints) are
// type-checked against the packages projects really get: the template's pinned stack
// (api/templates/v2/package.json and its lockfile), installed once with the host's npm into a cache
// folder named by the lockfile's hash, and linked as node_modules beside both.
// By hand: node scripts/lib/blueprint-deps.mjs
import { createHash } from 'node:crypto';
import { existsSync, mkdirSync, readFileSync, readlinkSync, renameSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import { dirname, join, relative, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { runWithProgress } from './image-build.mjs';
import { log, root } from './setup.mjs';

const templateDir = join(root, 'api', 'templates', 'v2');
const cacheDir = join(root, 'node_modules', '.cache', 'forge-template-v2');
/** Where the installed packages are linked from. */
const LINKS = [join(root, 'api', 'blueprints', 'node_modules'), join(templateDir, 'node_modules')];

/** The template's packages installed under the cache folder (once per lockfile); resolves to their node_modules. */
async function installTemplateDependencies() {
  const manifests = ['package.json', 'package-lock.json'].map((name) => readFileSync(join(templateDir, name)));
  const hash = createHash('sha256').update(manifests[0]).update('\0').update(manifests[1]).digest('hex').slice(0, 16);
  const dir = join(cacheDir, hash);
  const modules = join(dir, 'node_modules');
  if (existsSync(join(dir, '.complete'))) return modules;

  const staging = `${dir}.staging-${process.pid}`;
  rmSync(staging, { recursive: true, force: true });
  mkdirSync(staging, { recursive: true });
  writeFileSync(join(staging, 'package.json'), manifests[0]);
  writeFileSync(join(staging, 'package-lock.json'), manifests[1]);
  const started = Date.now();
  log("Installing the v2 template's packages for the type checks (npm ci, once)...");
  // No install scripts: none of the stack needs one (esbuild's only re-checks its native package).
  await runWithProgress('npm ci', 'npm', ['ci', '--ignore-scripts', '--include=optional', '--no-audit', '--no-fund', '--loglevel=error'], {
    cwd: staging,
    logFile: join(cacheDir, 'install.log'),
  });
  writeFileSync(join(staging, '.complete'), new Date().toISOString());
  rmSync(dir, { recursive: true, force: true });
  try {
    renameSync(staging, dir);
  } catch {
    // Another process finished first; its copy is as good as this one.
    rmSync(staging, { recursive: true, force: true });
  }
  log(`Template packages installed (${((Date.now() - started) / 1000).toFixed(0)} s)`);
  return modules;
}

export async function linkBlueprintDependencies() {
  const modules = await installTemplateDependencies();
  for (const link of LINKS) {
    const target = relative(dirname(link), modules);
    let current = null;
    try {
      current = readlinkSync(link);
    } catch {
      // Not there yet (or not a link: replaced below).
    }
    if (current === target) continue;
    rmSync(link, { recursive: true, force: true });
    symlinkSync(target, link, 'dir');
    log(`Linked ${relative(root, link)} to the v2 template's packages (${target})`);
  }
}

if (process.argv[1] && resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  try {
    await linkBlueprintDependencies();
  } catch (err) {
    console.error(`✗ ${err.message}`);
    process.exit(1);
  }
}
