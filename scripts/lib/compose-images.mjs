// The images docker-compose.yml runs, built without a registry (and by hand: `node scripts/lib/compose-images.mjs`).
//
// - forge-platform-runtime:<hash>: deploy/Dockerfile.runtime, Node and the production dependencies,
//   installed with the host's npm on a context staged here, as the sandbox image's is. The hash covers
//   the lockfile, the manifests, the recipe and the base: rebuilt only when dependencies change.
// - forge-platform:<hash>: deploy/Dockerfile, that runtime plus what `npm run build` made (a few MB, so a
//   changed checkout rebuilds in seconds). The hash covers the runtime and every staged file.
// - forge-postgres:<hash>: deploy/postgres/, Debian's PostgreSQL installed with apt from the mirror the
//   base already names. The hash covers the recipe and the base.
// - forge-registry:<hash>: deploy/registry/Dockerfile, Verdaccio as scripts/lib/registry.mjs installs it,
//   with its pre-warmed storage. The hash covers the registry recipe (and pre-warm list) and the base.
// - forge-checker:<hash>: deploy/checker/, the checking browser (Debian's Chromium with apt, behind
//   relay.mjs and the checkout's `ws` package). The hash covers the recipe, `ws` and the base.
// All build FROM the sandbox's base (SANDBOX_BASE_IMAGE when set, e.g. node:22-bookworm-slim on machines
// that can pull, else the one bootstrap-base.sh made offline), and are also tagged :latest, the tags the
// compose file names by default. The sandbox image itself comes from sandbox-image.mjs.
import { spawnSync } from 'node:child_process';
import { createHash } from 'node:crypto';
import { cpSync, existsSync, mkdirSync, readFileSync, readdirSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { join, relative, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { ensureDocker } from './docker.mjs';
import { runWithProgress } from './image-build.mjs';
import { prepareRegistry, registryInstall } from './registry.mjs';
import { ensureBaseImage, ensureSandboxImage, imageExists } from './sandbox-image.mjs';
import { log, root } from './setup.mjs';

const cacheDir = join(root, 'node_modules', '.cache', 'forge-platform');
const logFile = join(cacheDir, 'build.log');
const PLATFORM_DOCKERFILE = join(root, 'deploy', 'Dockerfile');
const RUNTIME_DOCKERFILE = join(root, 'deploy', 'Dockerfile.runtime');
const POSTGRES_RECIPE = join(root, 'deploy', 'postgres');
const CHECKER_RECIPE = join(root, 'deploy', 'checker');
/** The one package the checker's relay needs, copied from the checkout (no install in the image). */
const WS_PACKAGE = join(root, 'node_modules', 'ws');
/** What the platform reads at run time, besides node_modules. */
const APP_FILES = [
  'package.json',
  'api/package.json',
  'api/dist',
  'api/prompts',
  'api/sandbox-files',
  'api/blueprints',
  'api/templates',
  'protocol/package.json',
  'protocol/dist',
  'web/dist',
  'prisma/migrations',
  'prisma/schema.prisma',
  'sandbox-image',
];
/** Workspaces the platform runs; web's packages are built into web/dist. */
const WORKSPACES = ['api', 'protocol', 'web'];

const seconds = (since) => `${((Date.now() - since) / 1000).toFixed(1)} s`;

function hashFiles(hash, base, paths) {
  const walk = (path) => {
    const stat = statSync(path);
    if (stat.isDirectory()) {
      for (const name of readdirSync(path).sort()) walk(join(path, name));
    } else if (stat.isFile()) {
      hash
        .update(`${relative(base, path)}\0`)
        .update(readFileSync(path))
        .update('\0');
    }
  };
  for (const path of paths) walk(path);
  return hash;
}

/** The production node_modules, installed with the host's npm when the lockfile changed. */
async function stageDependencies(context, stamp, manifests) {
  const deps = join(context, 'deps');
  const stampFile = join(context, 'deps.stamp');
  if (existsSync(join(deps, 'node_modules')) && existsSync(stampFile) && readFileSync(stampFile, 'utf8') === stamp) return;
  const started = Date.now();
  log("Installing the platform's production dependencies on the host (npm install --omit=dev)...");
  rmSync(deps, { recursive: true, force: true });
  rmSync(stampFile, { force: true });
  for (const manifest of manifests) {
    mkdirSync(join(deps, manifest, '..'), { recursive: true });
    cpSync(join(root, manifest), join(deps, manifest));
  }
  // Not `npm ci` (npm 11 refuses lockfiles without other platforms' optional packages; see setup.mjs).
  // No peers: @prisma/client's (the prisma CLI, TypeScript) serve code generation, done on the host.
  // No optional packages and no install scripts: those serve the embedded PostgreSQL (the image is
  // always given DATABASE_URL) and native speed-ups of ssh connections to Docker, unused here.
  const args = [
    'install',
    '--omit=dev',
    '--omit=optional',
    '--legacy-peer-deps',
    '--ignore-scripts',
    '--no-audit',
    '--no-fund',
    '--loglevel=error',
    '--include-workspace-root=false',
    '-w',
    'api',
    '-w',
    'protocol',
  ];
  await runWithProgress('npm install', 'npm', args, { cwd: deps, logFile });
  // The app's own manifests come with the app; these only drove the install.
  for (const manifest of manifests) rmSync(join(deps, manifest));
  writeFileSync(stampFile, stamp);
  log(`Production dependencies installed (${seconds(started)})`);
}

/** forge-platform-runtime:<hash>: the base, the platform's user and its dependencies; built when missing. */
async function ensureRuntimeImage(base) {
  const manifests = ['package.json', 'package-lock.json', ...WORKSPACES.map((w) => `${w}/package.json`)];
  const hash = hashFiles(
    createHash('sha256').update(`${base}\0`).update(readFileSync(RUNTIME_DOCKERFILE)),
    root,
    manifests.map((m) => join(root, m)),
  )
    .digest('hex')
    .slice(0, 12);
  const tag = `forge-platform-runtime:${hash}`;
  if (imageExists(tag)) return tag;
  const context = join(cacheDir, 'runtime-context');
  mkdirSync(context, { recursive: true });
  await stageDependencies(context, hash, manifests);
  const started = Date.now();
  log(`Building the platform's runtime image ${tag} FROM ${base} (log: ${logFile})...`);
  await runWithProgress(
    'docker build (platform runtime)',
    'docker',
    ['build', '--build-arg', `BASE_IMAGE=${base}`, '--label', `forge.platform.runtime=${tag}`, '-t', tag, '-f', RUNTIME_DOCKERFILE, context],
    { logFile },
  );
  log(`Runtime image ${tag} built (${seconds(started)})`);
  return tag;
}

/** The built platform, copied fresh each time (a few MB). */
function stageApp(context) {
  const missing = ['api/dist/main.js', 'protocol/dist', 'web/dist/index.html'].filter((path) => !existsSync(join(root, path)));
  if (missing.length > 0) throw new Error(`the platform is not built (${missing.join(', ')} missing): run \`npm run build\` first`);
  const app = join(context, 'app');
  rmSync(app, { recursive: true, force: true });
  for (const path of APP_FILES) {
    // The blueprints' and the template's node_modules are links for type checks on the host, not part of the app.
    const links = [join(root, 'api/blueprints/node_modules'), join(root, 'api/templates/v2/node_modules')];
    cpSync(join(root, path), join(app, path), { recursive: true, filter: (source) => !links.includes(source) && !source.endsWith('.tsbuildinfo') });
  }
  return app;
}

/** forge-platform:<hash>, built when missing. */
export async function ensurePlatformImage(base) {
  const runtime = await ensureRuntimeImage(base);
  const context = join(cacheDir, 'context');
  mkdirSync(context, { recursive: true });
  const app = stageApp(context);
  const hash = hashFiles(createHash('sha256').update(`${runtime}\0`).update(readFileSync(PLATFORM_DOCKERFILE)), app, [app])
    .digest('hex')
    .slice(0, 12);
  const tag = `forge-platform:${hash}`;
  if (imageExists(tag)) return tag;
  const started = Date.now();
  log(`Building the platform image ${tag} on ${runtime} (log: ${logFile})...`);
  await runWithProgress(
    'docker build (platform)',
    'docker',
    ['build', '--build-arg', `RUNTIME_IMAGE=${runtime}`, '--label', `forge.platform.recipe=${tag}`, '-t', tag, '-f', PLATFORM_DOCKERFILE, context],
    { logFile },
  );
  log(`Platform image ${tag} built (${seconds(started)})`);
  return tag;
}

/** forge-postgres:<hash>, built when missing. */
export async function ensurePostgresImage(base) {
  const hash = hashFiles(createHash('sha256').update(`${base}\0`), POSTGRES_RECIPE, [POSTGRES_RECIPE])
    .digest('hex')
    .slice(0, 12);
  const tag = `forge-postgres:${hash}`;
  if (imageExists(tag)) return tag;
  const started = Date.now();
  log(`Building the PostgreSQL image ${tag} FROM ${base}: Debian's postgresql-15 from the Debian mirror (about a minute, once)...`);
  await runWithProgress('docker build (postgres)', 'docker', ['build', '--build-arg', `BASE_IMAGE=${base}`, '--label', `forge.postgres.recipe=${tag}`, '-t', tag, POSTGRES_RECIPE], { logFile });
  log(`PostgreSQL image ${tag} built (${seconds(started)})`);
  return tag;
}

/** forge-checker:<hash>: Chromium and its relay; built when missing. */
export async function ensureCheckerImage(base) {
  if (!existsSync(join(WS_PACKAGE, 'package.json'))) throw new Error('node_modules/ws is missing: run `npm install` first');
  const hash = hashFiles(createHash('sha256').update(`${base}\0`), root, [CHECKER_RECIPE, WS_PACKAGE])
    .digest('hex')
    .slice(0, 12);
  const tag = `forge-checker:${hash}`;
  if (imageExists(tag)) return tag;
  const context = join(cacheDir, 'checker-context');
  rmSync(context, { recursive: true, force: true });
  mkdirSync(join(context, 'relay', 'node_modules'), { recursive: true });
  cpSync(join(CHECKER_RECIPE, 'relay.mjs'), join(context, 'relay', 'relay.mjs'));
  cpSync(WS_PACKAGE, join(context, 'relay', 'node_modules', 'ws'), { recursive: true });
  const started = Date.now();
  log(`Building the checking browser's image ${tag} FROM ${base}: Debian's Chromium from the Debian mirror (about a minute, once)...`);
  await runWithProgress(
    'docker build (checker)',
    'docker',
    ['build', '--build-arg', `BASE_IMAGE=${base}`, '--label', `forge.checker.recipe=${tag}`, '-t', tag, '-f', join(CHECKER_RECIPE, 'Dockerfile'), context],
    { logFile },
  );
  rmSync(context, { recursive: true, force: true });
  log(`Checking browser image ${tag} built (${seconds(started)})`);
  return tag;
}

/** forge-registry:<hash>: Verdaccio, its runner and entrypoint, and the pre-warmed storage; built when missing. */
export async function ensureRegistryImage(base) {
  await prepareRegistry({ required: true, forImage: true });
  const { recipeDir, verdaccioDir, prewarmedStorage, recipeHash } = await registryInstall();
  const dockerfile = join(recipeDir, 'Dockerfile');
  const hash = createHash('sha256')
    .update(`${base}\0${recipeHash}\0`)
    .update(readFileSync(dockerfile))
    .update(readFileSync(join(recipeDir, 'entrypoint.mjs')))
    .update(readFileSync(join(root, 'api', 'dist', 'sandboxes', 'verdaccio-config.js')))
    .digest('hex')
    .slice(0, 12);
  const tag = `forge-registry:${hash}`;
  if (imageExists(tag)) return tag;
  const context = join(cacheDir, 'registry-context');
  rmSync(context, { recursive: true, force: true });
  mkdirSync(context, { recursive: true });
  cpSync(verdaccioDir, join(context, 'verdaccio'), { recursive: true });
  cpSync(join(recipeDir, 'entrypoint.mjs'), join(context, 'verdaccio', 'entrypoint.mjs'));
  // The configuration the platform writes for its own proxy, so both agree (an ES module beside a CommonJS manifest).
  cpSync(join(root, 'api', 'dist', 'sandboxes', 'verdaccio-config.js'), join(context, 'verdaccio', 'verdaccio-config.mjs'));
  cpSync(prewarmedStorage, join(context, 'prewarmed'), { recursive: true });
  const started = Date.now();
  log(`Building the registry proxy image ${tag} FROM ${base} (log: ${logFile})...`);
  await runWithProgress('docker build (registry)', 'docker', ['build', '--build-arg', `BASE_IMAGE=${base}`, '--label', `forge.registry.recipe=${tag}`, '-t', tag, '-f', dockerfile, context], {
    logFile,
  });
  rmSync(context, { recursive: true, force: true });
  log(`Registry proxy image ${tag} built (${seconds(started)})`);
  return tag;
}

/** Every image docker-compose.yml needs, by tag: { platform, postgres, registry, checker, sandbox }. */
export async function ensureComposeImages() {
  const sandbox = await ensureSandboxImage();
  const base = await ensureBaseImage();
  const postgres = await ensurePostgresImage(base);
  const registry = await ensureRegistryImage(base);
  const checker = await ensureCheckerImage(base);
  const platform = await ensurePlatformImage(base);
  // The compose file's defaults name :latest; tag this checkout's images so, as the sandbox image's is.
  for (const [tag, latest] of [
    [platform, 'forge-platform:latest'],
    [postgres, 'forge-postgres:latest'],
    [registry, 'forge-registry:latest'],
    [checker, 'forge-checker:latest'],
  ])
    spawnSync('docker', ['tag', tag, latest]);
  return { platform, postgres, registry, checker, sandbox };
}

// By hand: node scripts/lib/compose-images.mjs (after `npm run build`)
if (process.argv[1] && resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  const started = Date.now();
  const engine = await ensureDocker({ install: true });
  if (!engine.ok) {
    console.error(`Docker is not available: ${engine.reason}`);
    process.exit(1);
  }
  try {
    const images = await ensureComposeImages();
    log(`Ready for docker-compose (${seconds(started)}): ${Object.values(images).join(', ')}; the :latest tags name them`);
  } catch (err) {
    console.error(`✗ ${err.message}`);
    process.exit(1);
  }
}
