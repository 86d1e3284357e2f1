import { randomBytes } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { networkInterfaces } from 'node:os';
import { Inject, Injectable, Optional } from '@nestjs/common';
import { ErrorCode } from '@forge/protocol/errors';
import { DomainError, notFound } from '../common/errors/domain-error.js';
import { APP_CONFIG, type AppConfig, PROJECTS_DATABASE_SERVER, type ProjectsDatabaseServer } from '../config/app-config.js';
import { ProjectsService } from '../projects/projects.service.js';
import {
  LABEL,
  SANDBOX_APP_PORT,
  SANDBOX_NETWORK,
  containerName,
  egressRules,
  firewallHelperOptions,
  sandboxContainerOptions,
} from './container-spec.js';
import { DockerDriver, type EngineStatus } from './docker.driver.js';
import { type SandboxRecord, type SandboxWithProject, SandboxesRepository } from './sandboxes.repository.js';

export interface RunningContainer {
  id: string;
  ip: string;
}

export type Readiness = { ready: true } | { ready: false; error: string; details: string };

/** A project's sandbox as a thing that exists: its record and state, its container created, started, stopped, removed. */
@Injectable()
export class SandboxLifecycleService {
  /** One lifecycle change at a time per project. */
  private readonly locks = new Map<string, Promise<unknown>>();

  constructor(
    @Inject(APP_CONFIG) private readonly config: AppConfig,
    private readonly docker: DockerDriver,
    private readonly repository: SandboxesRepository,
    private readonly projects: ProjectsService,
    @Optional() @Inject(PROJECTS_DATABASE_SERVER) private readonly projectsDatabase: ProjectsDatabaseServer | null = null,
  ) {}

  engineStatus(): Promise<EngineStatus> {
    return this.docker.status();
  }

  /** The engine and the image, or a user-facing reason why builds cannot run. */
  async readiness(): Promise<Readiness> {
    const engine = await this.docker.status();
    if (!engine.reachable) return { ready: false, error: 'Docker is not available', details: engine.detail };
    if (!(await this.docker.imageExists(this.config.sandbox.image))) {
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

  /**
   * A failed build leaves no preview behind: built means a build succeeded since the last failed one.
   * Its container stops too: its disks are tmpfs, host memory held for nothing.
   */
  async markFailed(projectId: string): Promise<void> {
    await this.repository.update(projectId, { state: 'failed', builtAt: null, startedAt: null });
    await this.docker.stop(containerName(this.config, projectId), 1);
  }

  /** Whether a lifecycle change of the project is under way. */
  isBusy(projectId: string): boolean {
    return this.locks.has(projectId);
  }

  /** The project's container, created, started and firewalled when needed. */
  ensureContainer(projectId: string, log: (line: string) => void = () => {}): Promise<RunningContainer> {
    return this.locked(projectId, async () => {
      const project = await this.projects.findById(projectId);
      if (!project) throw notFound('Project not found');
      await this.ensureRecord(projectId);
      const name = containerName(this.config, projectId);
      let info = await this.docker.inspect(name);
      if (info?.running && info.ip) return { id: info.id, ip: info.ip };
      if (!info) {
        log('📦 Creating the project\'s sandbox container...');
        await this.docker.ensureNetwork(SANDBOX_NETWORK, { [LABEL.platform]: 'forge' });
        await this.docker.createContainer(sandboxContainerOptions(this.config, project));
      } else {
        log('📦 Starting the project\'s sandbox container...');
      }
      await this.docker.start(name);
      info = await this.docker.inspect(name);
      if (!info?.running || !info.ip) throw new DomainError(ErrorCode.Unavailable, 'The sandbox container did not start');
      try {
        await this.applyFirewall(info.id);
      } catch (err) {
        // Never leave a container running without its firewall.
        await this.docker.remove(info.id);
        throw err;
      }
      await this.repository.update(projectId, { containerId: info.id, startedAt: new Date() });
      return { id: info.id, ip: info.ip };
    });
  }

  /** The project's container as it is now; an error, not a start, when it is not running. */
  async runningContainer(projectId: string): Promise<RunningContainer> {
    const info = await this.docker.inspect(containerName(this.config, projectId));
    if (!info?.running || !info.ip) throw new Error(`The sandbox container of ${projectId} is not running`);
    return { id: info.id, ip: info.ip };
  }

  /**
   * Stops the container: its processes and its scratch space go, the project's files stay. A failed
   * project stays failed: a visit to it shows why rather than starting another build that fails.
   */
  async stop(projectId: string): Promise<void> {
    const sandbox = await this.requireRecord(projectId);
    await this.locked(projectId, async () => {
      await this.docker.stop(sandbox.containerId ?? containerName(this.config, projectId));
      await this.repository.update(projectId, { state: sandbox.state === 'failed' ? 'failed' : 'stopped', startedAt: null });
    });
  }

  async remove(projectId: string, options: { quiet?: boolean } = {}): Promise<void> {
    const sandbox = await this.repository.find(projectId);
    if (!sandbox) {
      if (options.quiet) return;
      throw notFound('Sandbox not found');
    }
    await this.locked(projectId, async () => {
      await this.docker.remove(containerName(this.config, projectId));
      await this.repository.update(projectId, { state: 'stopped', containerId: null, startedAt: null });
    });
  }

  /** The running app's address inside the sandbox network, if its container is up. */
  async target(projectId: string): Promise<string | null> {
    const info = await this.docker.inspect(containerName(this.config, projectId));
    return info?.running && info.ip ? `http://${info.ip}:${SANDBOX_APP_PORT}` : null;
  }

  /**
   * The egress policy goes into the container's network namespace from a short-lived helper that
   * shares it with NET_ADMIN; the sandbox itself never holds a capability to change it.
   */
  private async applyFirewall(containerId: string): Promise<void> {
    // The projects' database server is the one thing on the host a sandbox may reach.
    const database = this.projectsDatabase?.sandboxHost ? [{ address: this.projectsDatabase.sandboxHost, port: this.projectsDatabase.sandboxPort }] : [];
    const rules = egressRules({ nameservers: hostNameservers(), allow: this.config.sandbox.egressAllow, hostAddresses: hostAddresses(), openPorts: database });
    const { exitCode, output } = await this.docker.runToCompletion(firewallHelperOptions(this.config, containerId, rules));
    if (exitCode !== 0) throw new DomainError(ErrorCode.Internal, 'Could not firewall the sandbox', output.trim());
  }

  private locked<T>(projectId: string, action: () => Promise<T>): Promise<T> {
    const previous = this.locks.get(projectId) ?? Promise.resolve();
    const next = previous.catch(() => undefined).then(action);
    this.locks.set(projectId, next);
    void next.finally(() => {
      if (this.locks.get(projectId) === next) this.locks.delete(projectId);
    }).catch(() => undefined);
    return next;
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
