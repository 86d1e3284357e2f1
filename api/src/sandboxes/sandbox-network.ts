import type { AppConfig } from '../config/app-config.js';
import { LABEL, SANDBOX_NETWORK } from './container-spec.js';
import { DockerDriver } from './docker.driver.js';

export interface SandboxNetwork {
  subnet: string;
  /** The host's address on the network: what sandboxes reach the host by. */
  gateway: string;
}

/**
 * The network every sandbox joins, created when missing, so services meant for sandboxes (the
 * projects' database server) can listen on its gateway before the first container starts. Null
 * without a reachable Docker engine.
 */
export async function findSandboxNetwork(config: AppConfig): Promise<SandboxNetwork | null> {
  // The first host's: the one on this machine when there is one (the default is the local engine alone).
  const docker = new DockerDriver(config.sandboxHosts[0]!);
  if (!(await docker.status()).reachable) return null;
  await docker.ensureNetwork(SANDBOX_NETWORK, { [LABEL.platform]: 'forge' });
  return docker.networkAddresses(SANDBOX_NETWORK);
}
