import type Docker from 'dockerode';
import type { AppConfig } from '../config/app-config.js';

/** Where a project lives inside its container; tools print paths under it. */
export const SANDBOX_PROJECT_DIR = '/workspace/app';
/** The port the project's app listens on inside its container (npm start gets it as PORT). */
export const SANDBOX_APP_PORT = 3000;
export const SANDBOX_USER = '1000:1000';
/** Where the extra CA bundle is mounted; npm and Node inside trust it through NODE_EXTRA_CA_CERTS. */
const CA_PATH = '/etc/forge/extra-ca.pem';
/** Build and app output inside the container, for operators. */
export const SANDBOX_LOG_DIR = '/tmp/forge';

export const LABEL = {
  platform: 'dev.forge.platform',
  instance: 'dev.forge.instance',
  projectId: 'dev.forge.project-id',
  project: 'dev.forge.project',
  owner: 'dev.forge.owner',
} as const;

export interface SandboxProject {
  id: string;
  name: string;
  ownerId: string;
}

/**
 * One bridge for every sandbox on the engine: inter-container traffic is off on it and each
 * container's firewall refuses private addresses, so sharing it costs no isolation, and a network
 * per project would exhaust Docker's address pools after a few dozen.
 */
export const SANDBOX_NETWORK = 'forge-sandboxes';

export function containerName(config: AppConfig, projectId: string): string {
  return `forge-${config.sandbox.instance}-${projectId}`;
}

export function instanceLabels(config: AppConfig): Record<string, string> {
  return { [LABEL.platform]: 'forge', [LABEL.instance]: config.sandbox.instance };
}

/** Host folders on a sandbox's own loop-mounted disk (sandbox-disks.ts), mounted as /workspace and /home/sandbox. */
export interface SandboxDiskMounts {
  workspace: string;
  home: string;
}

/**
 * The container's memory limit: its processes' memory plus whatever of its disks is tmpfs, which counts
 * as the container's memory (/tmp always; /workspace and the home folder unless they are on a loop disk).
 * A full disk is then "No space left on device", never an out-of-memory kill; processes get at least
 * `memoryMb`, and more while the tmpfs disks are not full.
 */
export function sandboxMemoryLimitMb(config: AppConfig, onDisk = config.sandbox.disks === 'loop'): number {
  const { sandbox } = config;
  return sandbox.memoryMb + sandbox.tmpMb + (onDisk ? 0 : sandbox.diskMb + sandbox.homeMb);
}

/**
 * A hardened container for one project: non-root, no capabilities, read-only root, the project's
 * writable space size-limited (its own loop-mounted disk, or tmpfs: overlay2 quotas need XFS),
 * limits on processes, memory and CPU, no Docker socket, its own bridge without inter-container traffic.
 */
export function sandboxContainerOptions(config: AppConfig, project: SandboxProject, publishOn: string | null = null, disk: SandboxDiskMounts | null = null): Docker.ContainerCreateOptions {
  const { sandbox } = config;
  const memoryBytes = sandboxMemoryLimitMb(config, disk !== null) * 1024 * 1024;
  const env = [
    `HOME=/home/sandbox`,
    `PORT=${SANDBOX_APP_PORT}`,
    'HOST=0.0.0.0',
    'CI=1',
    'npm_config_cache=/home/sandbox/.npm',
    'npm_config_update_notifier=false',
    'npm_config_fund=false',
    'npm_config_audit=false',
    // A broken network fails an install in seconds, not after npm's six minutes of retries.
    'npm_config_fetch_retries=1',
    'npm_config_fetch_retry_mintimeout=2000',
    'npm_config_fetch_retry_maxtimeout=5000',
    'npm_config_fetch_timeout=30000',
    `NODE_OPTIONS=${sandboxNodeOptions(config)}`,
  ];
  const binds: string[] = disk ? [`${disk.workspace}:/workspace:rw`, `${disk.home}:/home/sandbox:rw`] : [];
  if (config.sandboxCaFile) {
    binds.push(`${config.sandboxCaFile}:${CA_PATH}:ro`);
    env.push(`NODE_EXTRA_CA_CERTS=${CA_PATH}`);
  }
  return {
    name: containerName(config, project.id),
    Image: sandbox.image,
    User: SANDBOX_USER,
    WorkingDir: '/workspace',
    Cmd: ['sleep', 'infinity'],
    Env: env,
    Labels: {
      ...instanceLabels(config),
      [LABEL.projectId]: project.id,
      [LABEL.project]: project.name,
      [LABEL.owner]: project.ownerId,
    },
    ExposedPorts: { [`${SANDBOX_APP_PORT}/tcp`]: {} },
    HostConfig: {
      Init: true,
      CapDrop: ['ALL'],
      SecurityOpt: ['no-new-privileges'],
      ReadonlyRootfs: true,
      Tmpfs: {
        ...(disk ? {} : { '/workspace': `rw,exec,nosuid,nodev,size=${sandbox.diskMb}m,uid=1000,gid=1000,mode=0755` }),
        '/tmp': `rw,exec,nosuid,nodev,size=${sandbox.tmpMb}m,uid=1000,gid=1000,mode=1777`,
        ...(disk ? {} : { '/home/sandbox': `rw,exec,nosuid,nodev,size=${sandbox.homeMb}m,uid=1000,gid=1000,mode=0755` }),
      },
      Binds: binds,
      PidsLimit: sandbox.pids,
      Memory: memoryBytes,
      MemorySwap: memoryBytes,
      NanoCpus: Math.round(sandbox.cpus * 1e9),
      NetworkMode: SANDBOX_NETWORK,
      // On a host of several, the app's port is published on the host's private address only, on a
      // port the engine picks; the preview proxy of any replica forwards there.
      ...(publishOn ? { PortBindings: { [`${SANDBOX_APP_PORT}/tcp`]: [{ HostIp: publishOn, HostPort: '' }] } } : {}),
      Sysctls: { 'net.ipv6.conf.all.disable_ipv6': '1' },
      Ulimits: [{ Name: 'nofile', Soft: 4096, Hard: 4096 }],
      RestartPolicy: { Name: 'no' },
      LogConfig: { Type: 'json-file', Config: { 'max-size': '1m', 'max-file': '1' } },
    },
  };
}

/** Node's options in a sandbox: a heap that fits its memory limit. */
export function sandboxNodeOptions(config: AppConfig): string {
  return `--max-old-space-size=${Math.max(256, Math.floor(config.sandbox.memoryMb * 0.75))}`;
}

/**
 * The running app's own: 2 MB semi-spaces instead of V8's up to 16 MB halve an idle server's memory
 * (a data app's from about 78 to 40 MB), for more frequent but short collections. Builds keep the default.
 */
export function appNodeOptions(config: AppConfig): string {
  return `${sandboxNodeOptions(config)} --max-semi-space-size=2`;
}

/** The one-shot container that loads the egress rules into a sandbox's network namespace. */
export function firewallHelperOptions(config: AppConfig, sandboxContainerId: string, rules: string): Docker.ContainerCreateOptions {
  return {
    Image: config.sandbox.image,
    User: 'root',
    Cmd: ['sh', '-c', 'printf "%s" "$FORGE_EGRESS_RULES" | /usr/sbin/iptables-restore'],
    Env: [`FORGE_EGRESS_RULES=${rules}`],
    Labels: { ...instanceLabels(config), 'dev.forge.role': 'firewall' },
    HostConfig: {
      NetworkMode: `container:${sandboxContainerId}`,
      CapDrop: ['ALL'],
      CapAdd: ['NET_ADMIN', 'NET_RAW'],
      SecurityOpt: ['no-new-privileges'],
      ReadonlyRootfs: true,
      Tmpfs: { '/run': 'rw,size=1m', '/tmp': 'rw,size=1m' },
      PidsLimit: 16,
      Memory: 64 * 1024 * 1024,
    },
  };
}

export interface EgressPolicy {
  /** Resolvers Docker's embedded DNS forwards to; reached from the container's own namespace. */
  nameservers: string[];
  /** Operator-allowed destinations that would otherwise be blocked. */
  allow: string[];
  /** The host's own addresses: the platform's ports must not be reachable from inside. */
  hostAddresses: string[];
  /** Every sandbox host's and API replica's address: no sandbox reaches another host's published ports or a replica. */
  platformAddresses?: string[];
  /** Single ports sandboxes may reach although their address is blocked (the projects' database server). */
  openPorts?: Array<{ address: string; port: number }>;
}

/**
 * Private, link-local (cloud metadata), carrier-grade NAT, benchmarking (198.18.0.0/15, where test
 * hosts live), multicast and reserved ranges.
 */
export const BLOCKED_RANGES = ['0.0.0.0/8', '10.0.0.0/8', '100.64.0.0/10', '127.0.0.0/8', '169.254.0.0/16', '172.16.0.0/12', '192.168.0.0/16', '198.18.0.0/15', '224.0.0.0/4', '240.0.0.0/4'];

/**
 * iptables-restore rules for the container's own network namespace: the public internet (the
 * package registry) is reachable; the host, the platform's ports, other containers and private
 * networks are not. Replies to connections made to the container (the preview proxy) pass.
 */
export function egressRules(policy: EgressPolicy): string {
  const lines = ['*filter', ':INPUT ACCEPT [0:0]', ':FORWARD DROP [0:0]', ':OUTPUT ACCEPT [0:0]'];
  lines.push('-A OUTPUT -o lo -j ACCEPT');
  lines.push('-A OUTPUT -m state --state ESTABLISHED,RELATED -j ACCEPT');
  for (const server of unique(policy.nameservers)) {
    lines.push(`-A OUTPUT -d ${server} -p udp --dport 53 -j ACCEPT`);
    lines.push(`-A OUTPUT -d ${server} -p tcp --dport 53 -j ACCEPT`);
  }
  for (const { address, port } of policy.openPorts ?? []) lines.push(`-A OUTPUT -d ${address} -p tcp --dport ${port} -j ACCEPT`);
  // Other hosts' published sandbox ports and the replicas stay shut even inside an operator's allowed range.
  for (const destination of unique(policy.platformAddresses ?? [])) lines.push(...reject(destination));
  for (const destination of unique(policy.allow)) lines.push(`-A OUTPUT -d ${destination} -j ACCEPT`);
  for (const destination of unique([...policy.hostAddresses, ...BLOCKED_RANGES])) lines.push(...reject(destination));
  lines.push('COMMIT', '');
  return lines.join('\n');
}

function reject(destination: string): string[] {
  return [`-A OUTPUT -d ${destination} -p tcp -j REJECT --reject-with tcp-reset`, `-A OUTPUT -d ${destination} -j REJECT --reject-with icmp-port-unreachable`];
}

function unique(values: string[]): string[] {
  return [...new Set(values.filter(Boolean))];
}
