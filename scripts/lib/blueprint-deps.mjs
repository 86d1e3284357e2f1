// The starter blueprints (api/blueprints) are type-checked against the packages the sandbox image
// preinstalls, at the image's versions: this links the host's copy of them (installed once by
// sandbox-image.mjs, from sandbox-image/package-lock.json) as api/blueprints/node_modules.
// By hand: node scripts/lib/blueprint-deps.mjs
import { readlinkSync, rmSync, symlinkSync } from 'node:fs';
import { dirname, join, relative, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { ensureSandboxDependencies } from './sandbox-image.mjs';
import { log, root } from './setup.mjs';

export async function linkBlueprintDependencies() {
  const modules = await ensureSandboxDependencies();
  const link = join(root, 'api', 'blueprints', 'node_modules');
  const target = relative(dirname(link), modules);
  let current = null;
  try {
    current = readlinkSync(link);
  } catch {
    // Not there yet (or not a link: replaced below).
  }
  if (current === target) return;
  rmSync(link, { recursive: true, force: true });
  symlinkSync(target, link, 'dir');
  log(`Linked api/blueprints/node_modules to the sandbox image's dependencies (${target})`);
}

if (process.argv[1] && resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  try {
    await linkBlueprintDependencies();
  } catch (err) {
    console.error(`✗ ${err.message}`);
    process.exit(1);
  }
}
