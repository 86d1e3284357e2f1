// `npm start`: install what is missing, build what changed, then run the platform on one port.
import { spawn } from 'node:child_process';
import { join } from 'node:path';
import { ensureChromium } from './lib/chromium.mjs';
import { platformNode } from './lib/node-runtime.mjs';
import { prepareRegistry } from './lib/registry.mjs';
import { prepareSandboxes } from './lib/sandbox-image.mjs';
import { prepare, root } from './lib/setup.mjs';

prepare();
await prepareSandboxes({ required: false });
// Verdaccio and its pre-warmed storage: the platform runs it as the sandboxes' only route to packages.
await prepareRegistry({ required: false });
// Every build's preview is checked in it.
ensureChromium({ required: false });

// Node 22.12 or newer (fetched once from the npm registry when this one is older).
const server = spawn(platformNode(), ['--enable-source-maps', join(root, 'api/dist/main.js')], { cwd: root, stdio: 'inherit' });
for (const signal of ['SIGINT', 'SIGTERM']) process.on(signal, () => server.kill(signal));
server.on('exit', (code, signal) => process.exit(code ?? (signal ? 1 : 0)));
