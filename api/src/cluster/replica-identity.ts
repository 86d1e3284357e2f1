import { randomUUID } from 'node:crypto';
import { hostname } from 'node:os';

/** This API process among the replicas that share the database: a new id at each start. */
export class ReplicaIdentity {
  readonly id = randomUUID();
  readonly name = `${hostname()}:${process.pid}`;
}
