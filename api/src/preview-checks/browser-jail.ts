// Where the checking browser runs: generated code is never run by a Chromium that is root on the
// host or without its own sandbox. The browser is launched through a small script that puts it in
// a network namespace of its own (only loopback), drops to an unprivileged account, and keeps
// Chromium's sandbox on. Inside that namespace one forwarder listens on the preview port and
// passes bytes to a Unix socket where the platform serves previews and nothing else: the page can
// reach its preview (and other previews, through the same proxy), but not the platform's API, the
// host, or any sandbox directly.
import { existsSync } from 'node:fs';
import { chmod, mkdtemp, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

export interface BrowserJail {
  /** The script Playwright launches as its "browser": it execs Chromium inside the jail. */
  executable: string;
  /** Where the platform must serve previews for the jailed browser. */
  socketPath: string;
  /** Extra environment the script reads. */
  env: Record<string, string>;
}

const TOOLS = ['/usr/bin/unshare', '/usr/bin/setpriv', '/usr/sbin/ip'];

/** Why no jail can be made here, or null when it can. */
export function jailUnavailable(chromiumPath: string): string | null {
  if (!existsSync(chromiumPath)) return `no Chromium at ${chromiumPath} (PREVIEW_CHECK_CHROMIUM)`;
  if (process.getuid?.() !== 0) return 'the checking browser is jailed in a network namespace of its own, which needs the API to run as root';
  const missing = TOOLS.filter((tool) => !existsSync(tool));
  if (missing.length > 0) return `the jail needs ${missing.join(', ')} (util-linux, iproute2)`;
  return null;
}

/** Writes the jail's script and forwarder into a new private folder. */
export async function prepareJail(options: { chromiumPath: string; uid: number; port: number }): Promise<BrowserJail> {
  const dir = await mkdtemp(join(tmpdir(), 'forge-check-'));
  // The unprivileged browser and forwarder must reach the script and the socket, nothing else here.
  await chmod(dir, 0o755);
  const forwarder = join(dir, 'forwarder.cjs');
  const executable = join(dir, 'chromium-jail.sh');
  const socketPath = join(dir, 'previews.sock');
  await writeFile(forwarder, FORWARDER, { mode: 0o644 });
  await writeFile(executable, jailScript(options.chromiumPath, options.uid, forwarder), { mode: 0o755 });
  return { executable, socketPath, env: { FORGE_CHECK_PORT: String(options.port), FORGE_CHECK_SOCKET: socketPath } };
}

/** Playwright runs this with Chromium's arguments and its control pipe on fds 3 and 4, which the execs keep. */
function jailScript(chromiumPath: string, uid: number, forwarder: string): string {
  const drop = `setpriv --reuid=${uid} --regid=${uid} --clear-groups --no-new-privs`;
  return `#!/bin/sh
set -e
# Playwright's profile folder is made by this (root) process: the browser account must own it.
for arg; do
  case "$arg" in --user-data-dir=*) dir="\${arg#--user-data-dir=}"; chown -R ${uid}:${uid} "$dir"; export HOME="$dir";; esac
done
exec /usr/bin/unshare --net -- /bin/sh -c '
/usr/sbin/ip link set lo up
${drop} ${JSON.stringify(process.execPath)} ${JSON.stringify(forwarder)} "$FORGE_CHECK_PORT" "$FORGE_CHECK_SOCKET" &
exec ${drop} ${JSON.stringify(chromiumPath)} "$@"' chromium-jail "$@"
`;
}

/** Bytes between loopback:port in the jail and the platform's preview socket; ends with the browser. */
const FORWARDER = `'use strict';
const net = require('node:net');
const [port, socketPath] = process.argv.slice(2);
const parent = process.ppid;
net.createServer((client) => {
  const upstream = net.connect(socketPath);
  const close = () => { client.destroy(); upstream.destroy(); };
  client.on('error', close);
  upstream.on('error', close);
  client.pipe(upstream).pipe(client);
}).listen(Number(port), '127.0.0.1');
// Started beside the browser: when the browser exits this is reparented, and goes too.
setInterval(() => { if (process.ppid !== parent) process.exit(0); }, 500).unref();
`;
