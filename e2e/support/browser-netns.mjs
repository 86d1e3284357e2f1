// The e2e browser in a network namespace of its own. Tests that build start and remove Docker
// containers, which adds and removes network interfaces on the host; a Chromium on the host's network
// sees each change and aborts the requests in flight (net::ERR_NETWORK_CHANGED). In a namespace with
// only loopback it sees none: one forwarder inside passes 127.0.0.1:<port> to a Unix socket, where the
// e2e server (server.mjs) passes the bytes on to the platform. So the browser reaches the platform and
// its previews (same port) and nothing else changes under it.
import { existsSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';

const TOOLS = ['/usr/bin/unshare', '/usr/sbin/ip'];

/** Where server.mjs relays the namespaced browser's connections to the platform on `port`. */
export function browserSocketPath(port) {
  return join(tmpdir(), `forge-e2e-browser-${port}.sock`);
}

/** Whether the browser can have a namespace here: it takes root (CI runs as root) and util-linux and iproute2. */
export function browserNamespaceAvailable() {
  return process.getuid?.() === 0 && TOOLS.every((tool) => existsSync(tool)) && process.env.E2E_BROWSER_NETNS !== '0';
}

/** Launch options for Playwright: the wrapper script as the browser, and what it needs to know. */
export function namespacedLaunch(chromiumPath, port) {
  return {
    executablePath: fileURLToPath(new URL('./chromium-netns.sh', import.meta.url)),
    env: {
      ...process.env,
      FORGE_E2E_CHROMIUM: chromiumPath,
      FORGE_E2E_NODE: process.execPath,
      FORGE_E2E_FORWARDER: fileURLToPath(new URL('./netns-forwarder.cjs', import.meta.url)),
      FORGE_E2E_PORT: String(port),
      FORGE_E2E_SOCKET: browserSocketPath(port),
    },
  };
}
