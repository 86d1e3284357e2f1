// Runs one package.json script the way `npm run` does, without npm's own start-up (a few hundred
// milliseconds on every build and start). Falls back to npm when the script has pre/post hooks.
// Usage: node /opt/forge/bin/run-script.mjs <name>
import { spawn } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { delimiter, join } from 'node:path';

const name = process.argv[2];
let pkg;
try {
  pkg = JSON.parse(readFileSync('package.json', 'utf8'));
} catch (err) {
  console.error(`❌ package.json: ${err.message}`);
  process.exit(1);
}
const scripts = pkg.scripts ?? {};
if (typeof scripts[name] !== 'string') {
  console.error(`❌ package.json has no "${name}" script`);
  process.exit(1);
}

const hooked = typeof scripts[`pre${name}`] === 'string' || typeof scripts[`post${name}`] === 'string';
const [command, args] = hooked ? ['npm', ['run', name]] : ['bash', ['-c', scripts[name]]];
if (!hooked) console.log(`\n> ${name}\n> ${scripts[name]}\n`);
const child = spawn(command, args, {
  stdio: 'inherit',
  env: {
    ...process.env,
    PATH: [join(process.cwd(), 'node_modules', '.bin'), process.env.PATH].join(delimiter),
    npm_lifecycle_event: name,
    npm_package_name: pkg.name ?? '',
    npm_package_version: pkg.version ?? '',
  },
});
for (const signal of ['SIGTERM', 'SIGINT', 'SIGHUP']) process.on(signal, () => child.kill(signal));
child.on('exit', (code, signal) => process.exit(code ?? (signal ? 128 + 1 : 1)));
