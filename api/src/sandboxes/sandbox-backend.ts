import { Inject, Injectable } from '@nestjs/common';
import { APP_CONFIG, type AppConfig, type SandboxHostConfig } from '../config/app-config.js';
import { DockerDriver } from './docker.driver.js';

/**
 * What the sandboxes module needs of one host's container engine. DockerDriver is today's only
 * implementation; a Kubernetes backend would answer the same calls for its pods.
 */
export type SandboxEngine = Pick<
  DockerDriver,
  | 'status'
  | 'capacity'
  | 'imageExists'
  | 'ensureNetwork'
  | 'networkAddresses'
  | 'createContainer'
  | 'start'
  | 'stop'
  | 'remove'
  | 'inspect'
  | 'list'
  | 'exec'
  | 'runToCompletion'
  | 'execDetached'
  | 'usage'
>;

/** The hosts sandboxes may live on, and an engine per host. */
export interface SandboxBackend {
  /** The hosts this replica is configured with (SANDBOX_HOSTS), in the order given. */
  readonly hosts: readonly SandboxHostConfig[];
  /** The engine of one host; throws for a host this replica does not know. */
  engine(nodeId: string): SandboxEngine;
}

export const SANDBOX_BACKEND = Symbol('SANDBOX_BACKEND');

/** One DockerDriver per configured host, made once. */
@Injectable()
export class DockerSandboxBackend implements SandboxBackend {
  readonly hosts: readonly SandboxHostConfig[];
  private readonly engines = new Map<string, DockerDriver>();

  constructor(@Inject(APP_CONFIG) config: AppConfig) {
    this.hosts = config.sandboxHosts;
    for (const host of this.hosts) this.engines.set(host.name, new DockerDriver(host));
  }

  engine(nodeId: string): SandboxEngine {
    const engine = this.engines.get(nodeId);
    if (!engine) throw new Error(`No sandbox host named ${nodeId} in SANDBOX_HOSTS`);
    return engine;
  }
}
