import { readFileSync } from 'node:fs';
import { PassThrough, type Readable } from 'node:stream';
import Docker from 'dockerode';
import type { SandboxHostConfig } from '../config/app-config.js';

export interface EngineStatus {
  reachable: boolean;
  version: string | null;
  detail: string;
}

export const DOCKER_MISSING_HELP =
  'Docker is not reachable, so projects cannot be built or previewed. Install Docker Engine ' + '(Debian: apt-get install -y docker.io), start it (dockerd), or point DOCKER_HOST at a running engine.';

const PING_TIMEOUT_MS = 1500;

export interface ContainerInfo {
  id: string;
  name: string;
  running: boolean;
  /** Docker's one-line status, e.g. "Up 3 minutes". */
  status: string;
  labels: Record<string, string>;
  /** The container's address on its network, when running. */
  ip: string | null;
  /** Host ports its container ports are published on, e.g. `{ '3000/tcp': 32768 }`, when running. */
  publishedPorts: Record<string, number>;
}

/** What the engine says of its machine. */
export interface EngineCapacity {
  memoryMb: number;
  cpus: number;
}

export interface ContainerUsage {
  cpuPercent: number;
  memoryBytes: number;
  memoryLimitBytes: number;
}

export interface ExecOptions {
  user?: string;
  env?: Record<string, string>;
  /** Fed to the command's standard input, then closed. */
  stdin?: Readable | Buffer | string;
  /**
   * No command runs unbounded: past this the platform stops waiting and closes the engine's stream.
   * The command itself may live on in its container; callers end it there (coreutils timeout) or stop the container.
   */
  timeoutMs: number;
  /** What the command may print, stdout and stderr together; past it the stream is closed the same way. */
  maxOutputBytes: number;
  /** Output as it arrives, stdout and stderr interleaved; without it the output is collected into the result. */
  onOutput?: (chunk: string) => void;
}

export interface ExecResult {
  /** -1 when the command had not ended when the platform stopped waiting. */
  exitCode: number;
  timedOut: boolean;
  /** It printed more than maxOutputBytes. */
  outputLimited: boolean;
  /** Collected output when no onOutput was given, at most maxOutputBytes. */
  output: string;
}

/** The only code that talks to a container engine: one instance per Docker host (node). */
export class DockerDriver {
  private readonly docker: Docker;

  constructor(host: Pick<SandboxHostConfig, 'docker' | 'tls'>) {
    this.docker = host.docker ? new Docker(dockerOptionsFromHost(host.docker, host.tls)) : new Docker();
  }

  /** The engine's machine: its memory and cores. */
  async capacity(): Promise<EngineCapacity> {
    const info = (await withTimeout(this.docker.info(), PING_TIMEOUT_MS)) as { MemTotal?: number; NCPU?: number };
    return { memoryMb: Math.floor((info.MemTotal ?? 0) / (1024 * 1024)), cpus: info.NCPU ?? 1 };
  }

  async status(): Promise<EngineStatus> {
    try {
      const version = await withTimeout(this.docker.version(), PING_TIMEOUT_MS);
      return { reachable: true, version: version.Version, detail: `Docker Engine ${version.Version} (API ${version.ApiVersion})` };
    } catch (err) {
      return { reachable: false, version: null, detail: `${DOCKER_MISSING_HELP} (${(err as Error).message})` };
    }
  }

  async imageExists(tag: string): Promise<boolean> {
    try {
      await this.docker.getImage(tag).inspect();
      return true;
    } catch (err) {
      if (statusOf(err) === 404) return false;
      throw err;
    }
  }

  /** A bridge network whose containers cannot talk to each other. */
  async ensureNetwork(name: string, labels: Record<string, string>): Promise<void> {
    const existing = await this.docker.listNetworks({ filters: { name: [name] } });
    if (existing.some((network) => network.Name === name)) return;
    try {
      await this.docker.createNetwork({
        Name: name,
        Driver: 'bridge',
        CheckDuplicate: true,
        Labels: labels,
        Options: { 'com.docker.network.bridge.enable_icc': 'false' },
      });
    } catch (err) {
      // Two starts racing to create it.
      if (statusOf(err) !== 409) throw err;
    }
  }

  /** The network's first IPv4 subnet and its gateway (the host's address on it), if it exists. */
  async networkAddresses(name: string): Promise<{ subnet: string; gateway: string } | null> {
    try {
      const info = (await this.docker.getNetwork(name).inspect()) as { IPAM?: { Config?: Array<{ Subnet?: string; Gateway?: string }> } };
      const config = (info.IPAM?.Config ?? []).find((entry) => entry.Subnet?.includes('.') && entry.Gateway);
      return config ? { subnet: config.Subnet!, gateway: config.Gateway! } : null;
    } catch (err) {
      if (statusOf(err) === 404) return null;
      throw err;
    }
  }

  async createContainer(options: Docker.ContainerCreateOptions): Promise<string> {
    const container = await this.docker.createContainer(options);
    return container.id;
  }

  async start(id: string): Promise<void> {
    try {
      await this.docker.getContainer(id).start();
    } catch (err) {
      if (statusOf(err) !== 304) throw err;
    }
  }

  async stop(id: string, timeoutSeconds = 5): Promise<void> {
    try {
      await this.docker.getContainer(id).stop({ t: timeoutSeconds });
    } catch (err) {
      if (statusOf(err) !== 304 && statusOf(err) !== 404) throw err;
    }
  }

  async remove(id: string): Promise<void> {
    try {
      await this.docker.getContainer(id).remove({ force: true, v: true });
    } catch (err) {
      if (statusOf(err) !== 404 && statusOf(err) !== 409) throw err;
    }
  }

  async inspect(id: string): Promise<ContainerInfo | null> {
    try {
      const info = await this.docker.getContainer(id).inspect();
      const networks = Object.values(info.NetworkSettings.Networks ?? {});
      return {
        id: info.Id,
        name: info.Name.replace(/^\//, ''),
        running: info.State.Running,
        status: info.State.Status,
        labels: info.Config.Labels ?? {},
        ip: info.State.Running ? (networks.find((network) => network.IPAddress)?.IPAddress ?? null) : null,
        publishedPorts: info.State.Running ? publishedPortsOf(info.NetworkSettings.Ports) : {},
      };
    } catch (err) {
      if (statusOf(err) === 404) return null;
      throw err;
    }
  }

  /** Containers carrying every one of the labels. */
  async list(labels: Record<string, string>): Promise<ContainerInfo[]> {
    const rows = await this.docker.listContainers({ all: true, filters: { label: Object.entries(labels).map(([key, value]) => `${key}=${value}`) } });
    return rows.map((row) => ({
      id: row.Id,
      name: (row.Names[0] ?? '').replace(/^\//, ''),
      running: row.State === 'running',
      status: row.Status,
      labels: row.Labels ?? {},
      ip: Object.values(row.NetworkSettings?.Networks ?? {}).find((network) => network.IPAddress)?.IPAddress ?? null,
      publishedPorts: Object.fromEntries((row.Ports ?? []).filter((port) => port.PublicPort).map((port) => [`${port.PrivatePort}/${port.Type}`, port.PublicPort])),
    }));
  }

  /** Runs a command in a running container, within its time and output limits. */
  async exec(id: string, command: string[], options: ExecOptions): Promise<ExecResult> {
    const exec = await this.docker.getContainer(id).exec({
      Cmd: command,
      User: options.user,
      Env: options.env ? Object.entries(options.env).map(([key, value]) => `${key}=${value}`) : undefined,
      AttachStdin: options.stdin !== undefined,
      AttachStdout: true,
      AttachStderr: true,
      Tty: false,
    });
    const stream = await exec.start({ hijack: true, stdin: options.stdin !== undefined });
    const result: ExecResult = { exitCode: -1, timedOut: false, outputLimited: false, output: '' };
    let printed = 0;
    const output = new PassThrough();
    output.setEncoding('utf8');
    let giveUp: () => void = () => undefined;
    const ended = new Promise<void>((resolve, reject) => {
      giveUp = resolve;
      // Done once the last of the output has been handed on, not merely received.
      output.on('end', resolve);
      const finish = () => {
        if (!output.writableEnded) output.end();
      };
      stream.on('end', finish);
      stream.on('close', finish);
      stream.on('error', reject);
    });
    output.on('data', (chunk: string) => {
      if (result.outputLimited) return;
      printed += Buffer.byteLength(chunk);
      if (printed > options.maxOutputBytes) {
        result.outputLimited = true;
        giveUp();
        return;
      }
      if (options.onOutput) options.onOutput(chunk);
      else result.output += chunk;
    });
    this.docker.modem.demuxStream(stream, output, output);
    const timer = setTimeout(() => {
      result.timedOut = true;
      giveUp();
    }, options.timeoutMs);
    if (options.stdin !== undefined) {
      if (typeof options.stdin === 'string' || Buffer.isBuffer(options.stdin)) stream.end(options.stdin);
      else options.stdin.pipe(stream);
    }
    await ended.finally(() => {
      clearTimeout(timer);
      // The engine ended its side, or the platform stopped waiting; a hijacked socket left half-open keeps the process alive for minutes.
      stream.destroy();
      output.destroy();
    });
    if (result.timedOut || result.outputLimited) return result;
    // The exit code is recorded a moment after the stream ends.
    for (let tries = 0; tries <= 50; tries++) {
      const info = await exec.inspect();
      if (!info.Running && info.ExitCode !== null) return { ...result, exitCode: info.ExitCode };
      await new Promise((resolve) => setTimeout(resolve, 20));
    }
    return result;
  }

  /** Runs a short-lived container to the end and answers its exit code and output; it is removed after. */
  async runToCompletion(options: Docker.ContainerCreateOptions, timeoutMs = 30_000): Promise<{ exitCode: number; output: string }> {
    const container = await this.docker.createContainer(options);
    try {
      await container.start();
      const result = (await withTimeout(container.wait(), timeoutMs)) as { StatusCode: number };
      const logs = await container.logs({ stdout: true, stderr: true, follow: false });
      return { exitCode: result.StatusCode, output: demuxToText(logs) };
    } finally {
      await container.remove({ force: true }).catch(() => undefined);
    }
  }

  /** Starts a long-running command in the container and returns at once. */
  async execDetached(id: string, command: string[], options: Pick<ExecOptions, 'user' | 'env'> = {}): Promise<void> {
    const exec = await this.docker.getContainer(id).exec({
      Cmd: command,
      User: options.user,
      Env: options.env ? Object.entries(options.env).map(([key, value]) => `${key}=${value}`) : undefined,
      AttachStdout: false,
      AttachStderr: false,
      Tty: false,
    });
    const response = (await exec.start({ Detach: true })) as NodeJS.ReadableStream & { destroy?: () => void };
    // The engine answers once the command runs; its open response would keep the process alive.
    response?.destroy?.();
  }

  /** One sample of CPU and memory use. */
  async usage(id: string): Promise<ContainerUsage | null> {
    try {
      const stats = (await this.docker.getContainer(id).stats({ stream: false })) as Docker.ContainerStats;
      const cpuDelta = stats.cpu_stats.cpu_usage.total_usage - stats.precpu_stats.cpu_usage.total_usage;
      const systemDelta = (stats.cpu_stats.system_cpu_usage ?? 0) - (stats.precpu_stats.system_cpu_usage ?? 0);
      const cores = stats.cpu_stats.online_cpus ?? stats.cpu_stats.cpu_usage.percpu_usage?.length ?? 1;
      const cache = (stats.memory_stats.stats as Record<string, number> | undefined)?.cache ?? 0;
      return {
        cpuPercent: systemDelta > 0 && cpuDelta > 0 ? (cpuDelta / systemDelta) * cores * 100 : 0,
        memoryBytes: Math.max(0, (stats.memory_stats.usage ?? 0) - cache),
        memoryLimitBytes: stats.memory_stats.limit ?? 0,
      };
    } catch (err) {
      if (statusOf(err) === 404 || statusOf(err) === 409) return null;
      throw err;
    }
  }
}

/** Docker's multiplexed log frames (8-byte headers) as plain text. */
function demuxToText(buffer: Buffer): string {
  let text = '';
  for (let offset = 0; offset + 8 <= buffer.length;) {
    const size = buffer.readUInt32BE(offset + 4);
    text += buffer.subarray(offset + 8, offset + 8 + size).toString('utf8');
    offset += 8 + size;
  }
  return text;
}

function statusOf(err: unknown): number | undefined {
  return (err as { statusCode?: number }).statusCode;
}

function publishedPortsOf(ports: Record<string, Array<{ HostPort: string }> | null> | undefined): Record<string, number> {
  const published: Record<string, number> = {};
  for (const [port, bindings] of Object.entries(ports ?? {})) {
    const hostPort = Number(bindings?.[0]?.HostPort);
    if (hostPort > 0) published[port] = hostPort;
  }
  return published;
}

function dockerOptionsFromHost(host: string, tls: SandboxHostConfig['tls'] = null): Docker.DockerOptions {
  if (host.startsWith('unix://')) return { socketPath: host.slice('unix://'.length) };
  const url = new URL(host.replace(/^tcp:/, 'http:'));
  if (tls) {
    return { host: url.hostname, port: Number(url.port || 2376), protocol: 'https', ca: readFileSync(tls.ca), cert: readFileSync(tls.cert), key: readFileSync(tls.key) };
  }
  return { host: url.hostname, port: Number(url.port || 2375), protocol: url.protocol === 'https:' ? 'https' : 'http' };
}

function withTimeout<T>(promise: Promise<T>, ms: number): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new Error(`no answer within ${ms} ms`)), ms);
  });
  return Promise.race([promise, timeout]).finally(() => clearTimeout(timer));
}
