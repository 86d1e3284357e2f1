import { createServer } from 'node:net';

/** A free TCP port on loopback, so several instances (and test runs) never collide. */
export function findFreePort(): Promise<number> {
  return new Promise((resolvePort, reject) => {
    const server = createServer();
    server.unref();
    server.on('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address() as { port: number };
      server.close(() => resolvePort(port));
    });
  });
}

/** The remembered port when it is still free, else a new one, remembered. */
export async function stablePort(remembered: number | undefined, save: (port: number) => Promise<void>): Promise<number> {
  if (remembered && (await isPortFree(remembered))) return remembered;
  const port = await findFreePort();
  await save(port);
  return port;
}

/** Free on every address: a server listening on the gateway alone must count as taken. */
function isPortFree(port: number): Promise<boolean> {
  return new Promise((resolvePort) => {
    const server = createServer();
    server.unref();
    server.once('error', () => resolvePort(false));
    server.listen(port, '0.0.0.0', () => server.close(() => resolvePort(true)));
  });
}
