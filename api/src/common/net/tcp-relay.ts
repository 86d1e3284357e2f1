import { type Server, type Socket, connect, createServer } from 'node:net';

export interface TcpRelay {
  port: number;
  close(): Promise<void>;
}

/**
 * Forwards each connection to the target, byte for byte; closing it ends every connection. For a
 * service on the host's loopback that sandboxes must reach on their network's gateway.
 */
export function startTcpRelay(listenHost: string, listenPort: number, targetHost: string, targetPort: number): Promise<TcpRelay> {
  const sockets = new Set<Socket>();
  const relay: Server = createServer((client) => {
    const upstream = connect(targetPort, targetHost);
    for (const socket of [client, upstream]) {
      sockets.add(socket);
      socket.on('close', () => sockets.delete(socket));
      socket.on('error', () => {
        client.destroy();
        upstream.destroy();
      });
    }
    client.pipe(upstream).pipe(client);
  });
  const close = () => {
    for (const socket of sockets) socket.destroy();
    return new Promise<void>((resolve) => relay.close(() => resolve()));
  };
  return new Promise((resolve, reject) => {
    relay.once('error', reject);
    relay.listen(listenPort, listenHost, () => resolve({ port: (relay.address() as { port: number }).port, close }));
  });
}

/** A TCP port free on every address right now (a server on one address alone must count as taken). */
export function freeTcpPort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.unref();
    server.on('error', reject);
    server.listen(0, '0.0.0.0', () => {
      const { port } = server.address() as { port: number };
      server.close(() => resolve(port));
    });
  });
}
