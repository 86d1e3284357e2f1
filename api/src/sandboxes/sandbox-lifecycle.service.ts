import { randomBytes } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { networkInterfaces } from 'node:os';
import { Inject, Injectable, Optional } from '@nestjs/common';
import { ErrorCode } from '@forge/protocol/errors';
import { ClusterLocks, LockScope } from '../cluster/cluster-locks.js';
import { DomainError, notFound } from '../common/errors/domain-error.js';
import { APP_CONFIG, type AppConfig, PROJECTS_DATABASE_SERVER, type ProjectsDatabaseServer } from '../config/app-config.js';
import { ProjectsService } from '../projects/projects.service.js';
import { LABEL, SANDBOX_APP_PORT, SANDBOX_NETWORK, containerName, egressRules, firewallHelperOptions, sandboxContainerOptions } from './container-spec.js';
import type { ContainerInfo, EngineStatus } from './docker.driver.js';
import { PackageRegistryService } from './package-registry.service.js';
import { SandboxDisks, engineKey } from './sandbox-disks.js';
import type { SandboxEngine } from './sandbox-backend.js';
import { SandboxNodesService } from './sandbox-nodes.service.js';
import { type SandboxRecord, type SandboxWithProject, SandboxesRepository } from './sandboxes.repository.js';

export interface RunningContainer {
  id: string;
  ip: string;
  /** The host it runs on. */
  nodeId: string;
  /** Where its app is reached from the platform, host:port: the host's address and the published port, or the bridge address. */
  address: string;
}

export type Readiness = { ready: true } | { ready: false; error: string; details: string };

/** A project's sandbox as a thing that exists: its record and state, its container created, started, stopped, removed. */
@Injectable()
export class SandboxLifecycleService {
  constructor(
    @Inject(APP_CONFIG) private readonly config: AppConfig,
    private readonly nodes: SandboxNodesService,
    private readonly repository: SandboxesRepository,
    private readonly projects: ProjectsService,
    private readonly locks: ClusterLocks,
    private readonly registry: PackageRegistryService,
    private readonly disks: SandboxDisks,
    @Optional() @Inject(PROJECTS_DATABASE_SERVER) private readonly projectsDatabase: ProjectsDatabaseServer | null = null,
  ) {}

  /** The first host's engine that answers; the first host's when none does. */
  async engineStatus(): Promise<EngineStatus> {
    const statuses = await Promise.all(this.nodes.hosts.map((host) => this.nodes.engine(host.name).status()));
    return statuses.find((status) => status.reachable) ?? statuses[0]!;
  }

  /** An engine that answers and has the image, or a user-facing reason why builds cannot run. */
  async readiness(): Promise<Readiness> {
    const engine = await this.engineStatus();
    if (!engine.reachable) return { ready: false, error: 'Docker is not available', details: engine.detail };
    const withImage = await Promise.all(
      this.nodes.hosts.map((host) =>
        this.nodes
          .engine(host.name)
          .imageExists(this.config.sandbox.image)
          .catch(() => false),
      ),
    );
    if (!withImage.some(Boolean)) {
      return {
        ready: false,
        error: 'The sandbox image is missing',
        details: `Docker has no image ${this.config.sandbox.image}. Run npm start (it builds the image) or node scripts/sandbox-image.mjs.`,
      };
    }
    return { ready: true };
  }

  previewUrl(previewId: string): string {
    return `http://${previewId}.${this.config.previewDomain}:${this.config.previewPort}/`;
  }

  ensureRecord(projectId: string): Promise<SandboxRecord> {
    return this.repository.ensure(projectId, newPreviewId);
  }

  find(projectId: string): Promise<SandboxRecord | null> {
    return this.repository.find(projectId);
  }

  findByPreviewId(previewId: string): Promise<SandboxWithProject | null> {
    return this.repository.findByPreviewId(previewId);
  }

  /** The project's name and owner, for the operators' audit trail; null when it is gone. */
  async describe(projectId: string): Promise<{ name: string; ownerId: string } | null> {
    const project = await this.projects.findById(projectId);
    return project ? { name: project.name, ownerId: project.ownerId } : null;
  }

  /** The account the project belongs to. */
  async ownerOf(projectId: string): Promise<string> {
    const project = await this.projects.findById(projectId);
    if (!project) throw notFound('Project not found');
    return project.ownerId;
  }

  async requireRecord(projectId: string): Promise<SandboxRecord> {
    const sandbox = await this.repository.find(projectId);
    if (!sandbox) throw notFound('Sandbox not found');
    return sandbox;
  }

  async markBuilding(projectId: string): Promise<void> {
    await this.ensureRecord(projectId);
    await this.repository.update(projectId, { state: 'building' });
  }

  /** A build succeeded and its app answers: the record, with its preview id, after the change. */
  async markRunning(projectId: string): Promise<SandboxRecord> {
    await this.repository.update(projectId, { state: 'running', builtAt: new Date() });
    return this.ensureRecord(projectId);
  }

  /** The live preview's dev server answers while the agent writes: the preview proxies to it, and nothing is built yet (builtAt stays). */
  async markLive(projectId: string): Promise<SandboxRecord> {
    await this.repository.update(projectId, { state: 'running' });
    return this.ensureRecord(projectId);
  }

  /** A live preview ended with no build after it (a failed generation): no app answers any more. */
  async markStopped(projectId: string): Promise<void> {
    const sandbox = await this.repository.find(projectId);
    if (sandbox?.state === 'running' && !sandbox.builtAt) await this.repository.update(projectId, { state: 'stopped' });
  }

  /**
   * A failed build leaves no preview behind: built means a build succeeded since the last failed one.
   * Its container stops too: its disks are tmpfs, host memory held for nothing.
   */
  async markFailed(projectId: string): Promise<void> {
    const sandbox = await this.repository.find(projectId);
    await this.repository.update(projectId, { state: 'failed', builtAt: null, startedAt: null });
    if (sandbox?.nodeId) await this.engineOf(sandbox.nodeId)?.stop(containerName(this.config, projectId), 1);
  }

  /**
   * A build the platform stopped (an operator, a drain, a restart) is not the project's failure: the
   * container stops, and a preview that was built stays built, so its next visit starts it again.
   */
  async markInterrupted(projectId: string): Promise<void> {
    const sandbox = await this.repository.find(projectId);
    await this.repository.update(projectId, { state: sandbox?.builtAt ? 'stopped' : 'failed', startedAt: null, appAddress: null });
    if (sandbox?.nodeId) await this.engineOf(sandbox.nodeId)?.stop(containerName(this.config, projectId), 1);
  }

  /** Whether a lifecycle change of the project is under way, on any replica. */
  isBusy(projectId: string): Promise<boolean> {
    return this.locks.isHeld(LockScope.SandboxLifecycle, projectId);
  }

  /** The projects among these with a lifecycle change under way, on any replica. */
  busyAmong(projectIds: readonly string[]): Promise<Set<string>> {
    return this.locks.held(LockScope.SandboxLifecycle, projectIds);
  }

  /**
   * The project's container, created, started and firewalled when needed, on its host: the one it is
   * on while that host is up, else the host with the most headroom (chosen under a lock in PostgreSQL).
   */
  ensureContainer(projectId: string, log: (line: string) => void = () => {}): Promise<RunningContainer> {
    return this.locked(projectId, async () => {
      const project = await this.projects.findById(projectId);
      if (!project) throw notFound('Project not found');
      const record = await this.ensureRecord(projectId);
      const name = containerName(this.config, projectId);
      const current = record.nodeId && (await this.nodes.isUsable(record.nodeId, false)) ? record.nodeId : null;
      let info = current ? await this.nodes.engine(current).inspect(name) : null;
      if (current && info?.running && this.addressOf(current, info)) return this.recorded(projectId, current, info, record);
      // A stopped sandbox on a draining host starts elsewhere: draining hosts take no new containers.
      let nodeId = current && (await this.nodes.isUsable(current, true)) ? current : null;
      if (!nodeId) {
        if (record.nodeId) await this.removeContainer(record.nodeId, name).catch(() => undefined);
        nodeId = await this.nodes.place(projectId);
        info = await this.nodes.engine(nodeId).inspect(name);
      }
      const engine = this.nodes.engine(nodeId);
      // Its disk first: a stopped container's is mounted again (after a restart of the machine, say).
      const disk = await this.disks.ensure(this.diskEngine(nodeId), name);
      if (!info) {
        log("📦 Creating the project's sandbox container...");
        await engine.ensureNetwork(SANDBOX_NETWORK, { [LABEL.platform]: 'forge' });
        await engine.createContainer(sandboxContainerOptions(this.config, project, this.nodes.host(nodeId)!.address, disk));
      } else {
        log("📦 Starting the project's sandbox container...");
      }
      await engine.start(name);
      info = await engine.inspect(name);
      if (!info?.running || !this.addressOf(nodeId, info)) throw new DomainError(ErrorCode.Unavailable, 'The sandbox container did not start');
      try {
        await this.applyFirewall(engine, info.id);
      } catch (err) {
        // Never leave a container running without its firewall.
        await this.removeContainer(nodeId, name);
        throw err;
      }
      return this.recorded(projectId, nodeId, info, null, new Date());
    });
  }

  /** The project's container as it is now; an error, not a start, when it is not running. */
  async runningContainer(projectId: string): Promise<RunningContainer> {
    const sandbox = await this.repository.find(projectId);
    const info = sandbox?.nodeId ? await this.engineOf(sandbox.nodeId)?.inspect(containerName(this.config, projectId)) : null;
    const address = info?.running ? this.addressOf(sandbox!.nodeId!, info) : null;
    if (!info || !address) throw new Error(`The sandbox container of ${projectId} is not running`);
    return { id: info.id, ip: info.ip ?? '', nodeId: sandbox!.nodeId!, address };
  }

  /**
   * Stops the container: its processes and its scratch space go, the project's files stay. A failed
   * project stays failed: a visit to it shows why rather than starting another build that fails.
   */
  async stop(projectId: string): Promise<void> {
    await this.requireRecord(projectId);
    await this.locked(projectId, async () => {
      // Read under the lock: a start that held it may have placed the container meanwhile.
      const sandbox = await this.requireRecord(projectId);
      if (sandbox.nodeId) await this.engineOf(sandbox.nodeId)?.stop(sandbox.containerId ?? containerName(this.config, projectId));
      await this.repository.update(projectId, { state: sandbox.state === 'failed' ? 'failed' : 'stopped', startedAt: null, appAddress: null });
    });
  }

  /**
   * Removes the project's container (and its disk). The record is read under the lock: a build
   * creating the container when this was asked (its host not recorded yet) has recorded it by then.
   * With no host recorded, a container of the project's name on any known host goes all the same
   * (a start that failed half-way leaves one): a project being deleted keeps nothing running.
   */
  async remove(projectId: string, options: { quiet?: boolean } = {}): Promise<void> {
    if (!options.quiet) await this.requireRecord(projectId);
    await this.locked(projectId, async () => {
      const sandbox = await this.repository.find(projectId);
      const name = containerName(this.config, projectId);
      const hosts = sandbox?.nodeId ? [sandbox.nodeId] : this.nodes.hosts.map((host) => host.name);
      for (const nodeId of hosts) await this.removeContainer(nodeId, name);
      if (sandbox) await this.repository.update(projectId, { state: 'stopped', containerId: null, startedAt: null, appAddress: null });
    });
  }

  /** Removes a container from its host, and its disk with it. Hosts this replica does not know are left alone. */
  async removeContainer(nodeId: string, nameOrId: string): Promise<void> {
    const engine = this.engineOf(nodeId);
    if (!engine) return;
    const name = (await engine.inspect(nameOrId))?.name ?? nameOrId;
    await engine.remove(nameOrId);
    await this.disks.release(this.diskEngine(nodeId), name);
  }

  /** Disks are kept per engine: a sandbox that moved to another engine on this machine has its own. */
  diskEngine(nodeId: string): string {
    return engineKey(this.nodes.host(nodeId)?.docker ?? null);
  }

  /**
   * Where the preview proxy forwards: the address recorded in PostgreSQL, so any replica routes it,
   * once its host's engine confirms the container runs (a container gone means a wake-up instead).
   */
  async target(projectId: string): Promise<string | null> {
    const sandbox = await this.repository.find(projectId);
    if (!sandbox?.nodeId || !sandbox.appAddress) return null;
    const info = await this.engineOf(sandbox.nodeId)?.inspect(containerName(this.config, projectId));
    return info?.running ? `http://${sandbox.appAddress}` : null;
  }

  /** The engine of a host this replica knows; null for one it does not (another replica's settings). */
  engineOf(nodeId: string): SandboxEngine | null {
    return this.nodes.host(nodeId) ? this.nodes.engine(nodeId) : null;
  }

  /** The app's address as the platform reaches it: the host's address and the published port, or the bridge address. */
  private addressOf(nodeId: string, info: ContainerInfo): string | null {
    const host = this.nodes.host(nodeId);
    if (host?.address) {
      const port = info.publishedPorts[`${SANDBOX_APP_PORT}/tcp`];
      return port ? `${host.address}:${port}` : null;
    }
    return info.ip ? `${info.ip}:${SANDBOX_APP_PORT}` : null;
  }

  /** A running container found on a host (at start-up): recorded as the project's, with its address. */
  async adopt(projectId: string, nodeId: string, info: ContainerInfo): Promise<void> {
    if (this.addressOf(nodeId, info)) await this.recorded(projectId, nodeId, info, await this.repository.find(projectId));
  }

  /** The running container, written down where any replica finds it when it moved or its address changed. */
  private async recorded(projectId: string, nodeId: string, info: ContainerInfo, record: SandboxRecord | null, startedAt?: Date): Promise<RunningContainer> {
    const address = this.addressOf(nodeId, info)!;
    if (!record || record.nodeId !== nodeId || record.appAddress !== address || record.containerId !== info.id) {
      await this.repository.update(projectId, { nodeId, appAddress: address, containerId: info.id, ...(startedAt ? { startedAt } : {}) });
    }
    return { id: info.id, ip: info.ip ?? '', nodeId, address };
  }

  /**
   * The egress policy goes into the container's network namespace from a short-lived helper that
   * shares it with NET_ADMIN; the sandbox itself never holds a capability to change it.
   */
  private async applyFirewall(engine: SandboxEngine, containerId: string): Promise<void> {
    // The projects' database server and the package registry proxy are the only things on the host a sandbox may reach.
    const database = this.projectsDatabase?.sandboxHost ? [{ address: this.projectsDatabase.sandboxHost, port: this.projectsDatabase.sandboxPort }] : [];
    const registry = await this.registry.endpoint();
    const rules = egressRules({
      nameservers: hostNameservers(),
      allow: this.config.sandbox.egressAllow,
      hostAddresses: hostAddresses(),
      platformAddresses: await this.nodes.platformAddresses(),
      openPorts: [...database, ...(registry ? [{ address: registry.address, port: registry.port }] : [])],
    });
    const { exitCode, output } = await engine.runToCompletion(firewallHelperOptions(this.config, containerId, rules));
    if (exitCode !== 0) throw new DomainError(ErrorCode.Internal, 'Could not firewall the sandbox', output.trim());
  }

  /** One lifecycle change at a time per project, across replicas. */
  private locked<T>(projectId: string, action: () => Promise<T>): Promise<T> {
    return this.locks.run(LockScope.SandboxLifecycle, projectId, action);
  }
}

/** A DNS label nobody can guess: 20 characters of base32. */
function newPreviewId(): string {
  const alphabet = 'abcdefghijklmnopqrstuvwxyz234567';
  return Array.from(randomBytes(20), (byte) => alphabet[byte & 31]).join('');
}

function hostNameservers(): string[] {
  try {
    return readFileSync('/etc/resolv.conf', 'utf8')
      .split('\n')
      .map((line) => /^\s*nameserver\s+(\d+\.\d+\.\d+\.\d+)\s*$/.exec(line)?.[1])
      .filter((ip): ip is string => Boolean(ip) && !ip!.startsWith('127.'));
  } catch {
    return [];
  }
}

function hostAddresses(): string[] {
  return Object.values(networkInterfaces())
    .flat()
    .filter((address) => address && address.family === 'IPv4')
    .map((address) => address!.address);
}
