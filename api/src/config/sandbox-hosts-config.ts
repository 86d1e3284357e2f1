import { existsSync } from 'node:fs';
import { ConfigError, type Env, text } from './env.js';

/** One Docker engine sandboxes may run on (a "node"), as SANDBOX_HOSTS names it. */
export interface SandboxHostConfig {
  /** Stable id of the node, the same on every replica: placement rows in PostgreSQL carry it. */
  name: string;
  /** `unix:///path.sock` or `tcp://host:port`; null: the local engine's default socket. */
  docker: string | null;
  /** TLS material for a `tcp://` engine (files read at start-up). */
  tls: { ca: string; cert: string; key: string } | null;
  /**
   * The node's private address: sandbox app ports are published on it and the preview proxy forwards
   * there. Null (the local default only): the proxy forwards to the container's bridge address.
   */
  address: string | null;
  /** Capacity for placement; null: what the engine reports (docker info). */
  memoryMb: number | null;
  cpus: number | null;
}

const VARIABLE = 'SANDBOX_HOSTS';
const NAME = /^[a-z0-9][a-z0-9-]{0,39}$/;
const IPV4 = /^(25[0-5]|2[0-4]\d|1\d\d|[1-9]?\d)(\.(25[0-5]|2[0-4]\d|1\d\d|[1-9]?\d)){3}$/;
const KEYS = new Set(['name', 'docker', 'address', 'memoryMb', 'cpus', 'tlsCa', 'tlsCert', 'tlsKey']);

/**
 * SANDBOX_HOSTS: entries separated by newlines or commas, each `key=value` pairs separated by `;`:
 *   name=node-a;docker=tcp://10.0.0.5:2376;address=10.0.0.5;memoryMb=32768;cpus=16;tlsCa=/etc/forge/ca.pem;tlsCert=...;tlsKey=...
 * Unset: the local engine alone (DOCKER_HOST or the default socket), named `local`, as a single machine always ran.
 */
export function sandboxHostsFrom(env: Env): SandboxHostConfig[] {
  const raw = text(env, VARIABLE);
  if (raw === null) return [{ name: 'local', docker: text(env, 'DOCKER_HOST'), tls: null, address: null, memoryMb: null, cpus: null }];
  const entries = raw
    .split(/[\n,]/)
    .map((entry) => entry.trim())
    .filter(Boolean);
  if (entries.length === 0) throw new ConfigError(VARIABLE, 'names no host');
  const hosts = entries.map(parseEntry);
  const names = new Set<string>();
  for (const host of hosts) {
    if (names.has(host.name)) throw new ConfigError(VARIABLE, `the name "${host.name}" is used twice`);
    names.add(host.name);
  }
  return hosts;
}

function parseEntry(entry: string): SandboxHostConfig {
  const fields = new Map<string, string>();
  for (const part of entry
    .split(';')
    .map((p) => p.trim())
    .filter(Boolean)) {
    const at = part.indexOf('=');
    const key = at > 0 ? part.slice(0, at).trim() : '';
    if (!KEYS.has(key)) throw new ConfigError(VARIABLE, `"${part}" in "${entry}" is not one of ${[...KEYS].join(', ')} followed by =value`);
    fields.set(key, part.slice(at + 1).trim());
  }
  const name = fields.get('name') ?? '';
  if (!NAME.test(name)) throw new ConfigError(VARIABLE, `every host needs name=<lower-case letters, digits, hyphens> ("${entry}")`);
  const docker = fields.get('docker') ?? '';
  if (!/^unix:\/\/\/.+/.test(docker) && !/^tcp:\/\/[^/:]+:\d{1,5}$/.test(docker)) {
    throw new ConfigError(VARIABLE, `host ${name}: docker= must be unix:///path/to/docker.sock or tcp://host:port, got "${docker}"`);
  }
  // A local socket may leave it out: the proxy then forwards to the bridge, which only this machine reaches.
  const address = fields.get('address') ?? null;
  if (address === null && docker.startsWith('tcp://')) throw new ConfigError(VARIABLE, `host ${name}: a tcp:// engine needs address=<its private IPv4 address>`);
  if (address !== null && !IPV4.test(address)) throw new ConfigError(VARIABLE, `host ${name}: address= must be the node's private IPv4 address, got "${address}"`);
  return {
    name,
    docker,
    tls: tlsOf(name, docker, fields),
    address,
    memoryMb: positive(name, 'memoryMb', fields.get('memoryMb'), true),
    cpus: positive(name, 'cpus', fields.get('cpus'), false),
  };
}

function tlsOf(name: string, docker: string, fields: Map<string, string>): SandboxHostConfig['tls'] {
  const files = { ca: fields.get('tlsCa'), cert: fields.get('tlsCert'), key: fields.get('tlsKey') };
  const given = Object.values(files).filter(Boolean).length;
  if (given === 0) return null;
  if (given !== 3) throw new ConfigError(VARIABLE, `host ${name}: tlsCa, tlsCert and tlsKey go together`);
  if (!docker.startsWith('tcp://')) throw new ConfigError(VARIABLE, `host ${name}: TLS files only apply to a tcp:// engine`);
  for (const [kind, path] of Object.entries(files)) {
    if (!existsSync(path!)) throw new ConfigError(VARIABLE, `host ${name}: no TLS ${kind} file at ${path}`);
  }
  return { ca: files.ca!, cert: files.cert!, key: files.key! };
}

function positive(name: string, key: string, raw: string | undefined, whole: boolean): number | null {
  if (raw === undefined) return null;
  const value = Number(raw);
  if (!(whole ? /^\d+$/ : /^\d+(\.\d+)?$/).test(raw) || value <= 0) {
    throw new ConfigError(VARIABLE, `host ${name}: ${key}= must be a positive ${whole ? 'whole ' : ''}number, got "${raw}"`);
  }
  return value;
}
