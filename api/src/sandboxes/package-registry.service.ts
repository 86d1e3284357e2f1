import { lookup } from 'node:dns/promises';
import { join } from 'node:path';
import { Inject, Injectable, Logger, type OnApplicationBootstrap, type OnApplicationShutdown } from '@nestjs/common';
import { type TcpRelay, startTcpRelay } from '../common/net/tcp-relay.js';
import { APP_CONFIG, type AppConfig, registryInstallPaths } from '../config/app-config.js';
import { ManagedRegistry } from './managed-registry.js';
import { findSandboxNetwork } from './sandbox-network.js';

/** Where sandboxes reach the registry proxy: what npm is given, and what their firewall opens. */
export interface SandboxRegistryEndpoint {
  url: string;
  address: string;
  port: number;
}

/** How long a build waits for a proxy that is (re)starting before it installs without one, and says so. */
const READY_WAIT_MS = 30_000;
/** The account the proxy runs as when the platform runs as root: it serves requests from sandboxes. */
const PROXY_ACCOUNT = { uid: 65_534, gid: 65_534 };

/**
 * The sandboxes' only route to packages: Verdaccio run by the platform (storage under DATA_DIR,
 * pre-warmed by `npm start`), or an operator's proxy (NPM_REGISTRY_URL). With several sandbox hosts
 * they share one: the managed proxy listens on this machine's sandbox gateway, so hosts elsewhere need
 * NPM_REGISTRY_URL on an address every host reaches (the platform says so at start-up).
 */
@Injectable()
export class PackageRegistryService implements OnApplicationBootstrap, OnApplicationShutdown {
  private readonly logger = new Logger('PackageRegistry');
  private managed: ManagedRegistry | null = null;
  private relay: TcpRelay | null = null;
  /** Set up once: the endpoint is known before the proxy answers (a sandbox's firewall needs it first). */
  private preparing: Promise<SandboxRegistryEndpoint | null> | null = null;
  private localUrl: string | null = null;

  constructor(@Inject(APP_CONFIG) private readonly config: AppConfig) {}

  onApplicationBootstrap(): void {
    // Not awaited: the platform answers requests while the proxy starts; builds wait for it.
    void this.endpoint();
  }

  async onApplicationShutdown(): Promise<void> {
    await this.preparing?.catch(() => null);
    await this.managed?.stop();
    await this.relay?.close();
  }

  /** Where sandboxes reach the proxy; null when they cannot (no Docker, or it could not be set up: the log says why). */
  endpoint(): Promise<SandboxRegistryEndpoint | null> {
    this.preparing ??= this.prepare().catch((err: Error) => {
      this.logger.error(`The package registry proxy could not be set up: ${err.message}`);
      return null;
    });
    return this.preparing;
  }

  /** The proxy as the platform itself reaches it (loopback for the managed one). */
  async platformUrl(): Promise<string | null> {
    await this.endpoint();
    return this.localUrl;
  }

  /** The managed proxy's storage (tests place packages there); null with an operator's proxy. */
  async storageDir(): Promise<string | null> {
    await this.endpoint();
    return this.managed?.storage ?? null;
  }

  /**
   * What the install step in a sandbox is given: the proxy's address (once it answers) and the policy
   * the sandbox applies itself. Without a proxy, installs that need the registry fail with a clear message.
   */
  async installEnvironment(): Promise<Record<string, string>> {
    const { registry } = this.config;
    const env: Record<string, string> = {
      FORGE_NPM_ALLOW_SCRIPTS: registry.allowScripts.join(','),
      FORGE_NPM_DENY: registry.denyPackages.join(','),
      FORGE_NPM_MIN_AGE_HOURS: this.config.registry.operatorUrl ? '' : String(registry.minReleaseAgeHours),
    };
    const endpoint = await this.endpoint();
    if (!endpoint) return env;
    if (this.managed && !(await this.managed.whenReady(READY_WAIT_MS))) return env;
    return { ...env, FORGE_NPM_REGISTRY: endpoint.url };
  }

  private async prepare(): Promise<SandboxRegistryEndpoint | null> {
    const network = await findSandboxNetwork(this.config).catch((err: Error) => {
      this.logger.warn(`The sandbox network could not be set up: ${err.message}`);
      return null;
    });
    const operatorUrl = this.config.registry.operatorUrl;
    if (operatorUrl) return this.useOperatorProxy(operatorUrl, network?.gateway ?? null);
    if (this.config.sandboxHosts.length > 1) {
      this.logger.warn(
        `SANDBOX_HOSTS lists ${this.config.sandboxHosts.length} hosts, but the managed package registry proxy listens on this machine's sandbox network only: ` +
          'sandboxes on other hosts cannot install packages. Set NPM_REGISTRY_URL to a proxy on an address every host reaches.',
      );
    }
    const paths = registryInstallPaths(this.config.registry);
    const { registry } = this.config;
    const managed = new ManagedRegistry({
      runner: paths.runner,
      verdaccioDir: paths.verdaccioDir,
      dir: join(this.config.dataDir, 'registry'),
      listenHosts: ['127.0.0.1', ...(network ? [network.gateway] : [])],
      settings: { upstream: registry.upstream, minReleaseAgeHours: registry.minReleaseAgeHours, denyPackages: registry.denyPackages },
      prewarmedStorage: paths.prewarmedStorage,
      runAs: process.getuid?.() === 0 ? PROXY_ACCOUNT : null,
      log: (line) => this.logger.log(line),
      warn: (line) => this.logger.warn(line),
    });
    this.managed = managed;
    await managed.prepare();
    this.localUrl = `http://127.0.0.1:${managed.port}/`;
    managed
      .run()
      .then(() => this.logger.log(`Package registry proxy (Verdaccio) is running on port ${managed.port}, upstream ${registry.upstream}`))
      .catch((err: Error) => this.logger.error(`The package registry proxy did not start: ${err.message}`));
    return network ? { url: `http://${network.gateway}:${managed.port}/`, address: network.gateway, port: managed.port } : null;
  }

  /** An operator's proxy: sandboxes reach a loopback one through a relay on their gateway, any other at its own address. */
  private async useOperatorProxy(operatorUrl: string, gateway: string | null): Promise<SandboxRegistryEndpoint | null> {
    const url = new URL(operatorUrl);
    const host = url.hostname.replace(/^\[|\]$/g, '');
    const port = Number(url.port || (url.protocol === 'https:' ? 443 : 80));
    this.localUrl = operatorUrl;
    if (!['localhost', '::1'].includes(host) && !host.startsWith('127.')) {
      // The firewall names addresses, not host names.
      const { address } = await lookup(host, { family: 4 });
      return { url: operatorUrl, address, port };
    }
    if (!gateway) return null;
    // A port the kernel picks on the gateway itself: one first found free and then bound can be taken meanwhile.
    this.relay = await startTcpRelay(gateway, 0, host, port);
    const relayed = new URL(operatorUrl);
    relayed.hostname = gateway;
    relayed.port = String(this.relay.port);
    return { url: relayed.toString(), address: gateway, port: this.relay.port };
  }
}
