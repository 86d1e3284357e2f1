// `npm run bench`: the speed and memory goals, measured, as a table.
import { reexecOnPlatformNode } from './lib/node-runtime.mjs';
import { buildAll, generatePrismaClient, installDependencies } from './lib/setup.mjs';

reexecOnPlatformNode(import.meta.url);

installDependencies();
generatePrismaClient();
buildAll();
// Imported after the build: the benchmarks load the built protocol and platform.
const { benchGeneration } = await import('./bench/generation.mjs');
const { benchSandboxes } = await import('./bench/sandbox.mjs');
const { benchEdits } = await import('./bench/edits.mjs');
const { benchDatabases } = await import('./bench/databases.mjs');
const { benchNodes } = await import('./bench/nodes.mjs');
const { benchConsole } = await import('./bench/console.mjs');
const { benchReplicas } = await import('./bench/replicas.mjs');
const { benchFiles } = await import('./bench/files.mjs');
const { benchRegistry } = await import('./bench/registry.mjs');
const { benchConventions } = await import('./bench/conventions.mjs');
const { benchLivePreview } = await import('./bench/live.mjs');
const { benchFixLoop } = await import('./bench/fix-loop.mjs');
const { benchSelect } = await import('./bench/select.mjs');

const only = process.argv[2];
const runs = {
  generation: benchGeneration,
  sandbox: benchSandboxes,
  registry: benchRegistry,
  edits: benchEdits,
  databases: benchDatabases,
  nodes: benchNodes,
  console: benchConsole,
  replicas: benchReplicas,
  files: benchFiles,
  conventions: benchConventions,
  live: benchLivePreview,
  'fix-loop': benchFixLoop,
  select: benchSelect,
};
if (only && !runs[only]) throw new Error(`Unknown benchmark "${only}": choose ${Object.keys(runs).join(', ')}`);
const rows = [];
for (const [name, run] of Object.entries(runs)) if (!only || only === name) rows.push(...(await run()));
const widths = [0, 1, 2].map((i) => Math.max(...rows.map((r) => String(r[i]).length), ['Measure', 'Result', 'Goal'][i].length));
const line = (cells) => `| ${cells.map((c, i) => String(c).padEnd(widths[i])).join(' | ')} |`;
console.log(line(['Measure', 'Result', 'Goal']) + ' met? |');
console.log(`|${widths.map((w) => '-'.repeat(w + 2)).join('|')}|------|`);
for (const [name, result, goal, met] of rows) console.log(`${line([name, result, goal])} ${goal ? (met ? 'yes ' : 'NO  ') : '     '}|`);
