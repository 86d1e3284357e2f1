import { randomUUID } from 'node:crypto';
import { hostname, networkInterfaces } from 'node:os';

/** This API process among the replicas that share the database: a new id at each start. */
export class ReplicaIdentity {
  readonly id = randomUUID();
  readonly name = `${hostname()}:${process.pid}`;
  /** Where other machines reach it: no sandbox may. */
  readonly addresses = ownAddresses();
}

/** This machine's IPv4 addresses, loopback left out. */
export function ownAddresses(): string[] {
  return Object.values(networkInterfaces())
    .flat()
    .filter((address) => address && address.family === 'IPv4' && !address.internal)
    .map((address) => address!.address);
}
