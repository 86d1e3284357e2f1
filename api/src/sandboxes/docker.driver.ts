import { Inject, Injectable } from '@nestjs/common';
import Docker from 'dockerode';
import { APP_CONFIG, type AppConfig } from '../config/app-config.js';

export interface EngineStatus {
  reachable: boolean;
  version: string | null;
  detail: string;
}

export const DOCKER_MISSING_HELP =
  'Docker is not reachable, so projects cannot be built or previewed. Install Docker Engine ' +
  '(Debian: apt-get install -y docker.io), start it (dockerd), or point DOCKER_HOST at a running engine.';

const PING_TIMEOUT_MS = 1500;

/** The only code that talks to the container engine. */
@Injectable()
export class DockerDriver {
  private readonly docker: Docker;

  constructor(@Inject(APP_CONFIG) config: AppConfig) {
    this.docker = config.dockerHost ? new Docker(dockerOptionsFromHost(config.dockerHost)) : new Docker();
  }

  async status(): Promise<EngineStatus> {
    try {
      const version = await withTimeout(this.docker.version(), PING_TIMEOUT_MS);
      return { reachable: true, version: version.Version, detail: `Docker Engine ${version.Version} (API ${version.ApiVersion})` };
    } catch (err) {
      return { reachable: false, version: null, detail: `${DOCKER_MISSING_HELP} (${(err as Error).message})` };
    }
  }
}

function dockerOptionsFromHost(host: string): Docker.DockerOptions {
  if (host.startsWith('unix://')) return { socketPath: host.slice('unix://'.length) };
  const url = new URL(host.replace(/^tcp:/, 'http:'));
  return { host: url.hostname, port: Number(url.port || 2375), protocol: url.protocol === 'https:' ? 'https' : 'http' };
}

function withTimeout<T>(promise: Promise<T>, ms: number): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new Error(`no answer within ${ms} ms`)), ms);
  });
  return Promise.race([promise, timeout]).finally(() => clearTimeout(timer));
}
