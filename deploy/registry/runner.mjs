// Runs Verdaccio, the caching registry proxy sandboxes install packages through, on one or more addresses.
//
//   node runner.mjs <config.yaml> <host:port> [<host:port> ...] [--exit-with-stdin]
//
// Verdaccio's own command listens on one address; sandboxes reach the proxy on their network's gateway
// and the platform on loopback, so this starts Verdaccio's server once and serves it on each address.
// With --exit-with-stdin it ends when its standard input closes: the platform that started it holds
// the other end, so a platform killed without warning leaves no proxy behind. Prints `READY` once every
// address listens. Verdaccio is loaded from VERDACCIO_DIR (default: this file's folder).
import { createServer } from 'node:http';
import { createRequire } from 'node:module';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';

const args = process.argv.slice(2);
const exitWithStdin = args.includes('--exit-with-stdin');
const [configPath, ...addresses] = args.filter((arg) => arg !== '--exit-with-stdin');
if (!configPath || addresses.length === 0) {
  console.error('Usage: node runner.mjs <config.yaml> <host:port> [<host:port> ...] [--exit-with-stdin]');
  process.exit(2);
}

function parseAddress(address) {
  const at = address.lastIndexOf(':');
  const port = Number(address.slice(at + 1));
  if (at <= 0 || !Number.isInteger(port) || port <= 0 || port > 65535) throw new Error(`"${address}" is not host:port`);
  return { host: address.slice(0, at).replace(/^\[|\]$/g, ''), port };
}

const verdaccioDir = resolve(process.env.VERDACCIO_DIR || dirname(fileURLToPath(import.meta.url)));
const { runServer } = createRequire(join(verdaccioDir, 'package.json'))('verdaccio');
const first = await runServer(resolve(configPath));
// One request handler (Verdaccio's app) behind a server per address.
const [handler] = first.listeners('request');
const servers = [first, ...addresses.slice(1).map(() => createServer(handler))];
for (const server of servers) server.keepAliveTimeout = first.keepAliveTimeout;

await Promise.all(
  addresses.map(
    (address, i) =>
      new Promise((done, fail) => {
        const { host, port } = parseAddress(address);
        servers[i].once('error', fail);
        servers[i].listen(port, host, done);
      }),
  ),
).catch((err) => {
  console.error(`Could not listen: ${err.message}`);
  process.exit(3);
});
console.log(`READY ${addresses.join(' ')}`);

const stop = () => {
  for (const server of servers) server.close();
  // Open keep-alive connections would hold the process: it has nothing left to finish.
  setTimeout(() => process.exit(0), 500).unref();
};
process.on('SIGTERM', stop);
process.on('SIGINT', stop);
if (exitWithStdin) {
  process.stdin.on('end', () => process.exit(0));
  process.stdin.on('close', () => process.exit(0));
  process.stdin.resume();
}
