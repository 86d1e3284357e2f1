import { Injectable } from '@nestjs/common';
import { SANDBOX_PROJECT_DIR, SANDBOX_USER } from './container-spec.js';
import { SandboxNodesService } from './sandbox-nodes.service.js';
import { SandboxLifecycleService } from './sandbox-lifecycle.service.js';
import { SandboxWorkspaceService } from './sandbox-workspace.service.js';

export interface ScriptsOptions {
  /** Variables the scripts get besides the container's own (DATABASE_URL, secrets). */
  env: Record<string, string>;
  /** Copy the saved files in first, as a build would (node_modules and the built app stay). */
  sync: boolean;
  timeoutSeconds: number;
  onOutput?: (chunk: string) => void;
}

export interface ScriptsResult {
  /** The first script that failed, or null when all succeeded. */
  failed: string | null;
  exitCode: number;
  output: string;
}

/** Whether the workspace holds a project whose dependencies were prepared. */
const PREPARED = `test -f ${SANDBOX_PROJECT_DIR}/package.json && test -d ${SANDBOX_PROJECT_DIR}/node_modules`;

/**
 * Runs a project's own package scripts (db:push, db:seed) in its sandbox, beside the build and the
 * app, under the same firewall and limits: they connect to the database from where the app does.
 */
/** What a project's own scripts may print before the platform stops listening. */
const MAX_SCRIPT_OUTPUT_BYTES = 1024 * 1024;

@Injectable()
export class SandboxScriptsService {
  constructor(
    private readonly nodes: SandboxNodesService,
    private readonly lifecycle: SandboxLifecycleService,
    private readonly workspace: SandboxWorkspaceService,
  ) {}

  async run(projectId: string, scripts: string[], options: ScriptsOptions): Promise<ScriptsResult> {
    const container = await this.lifecycle.ensureContainer(projectId);
    let output = '';
    const collect = (chunk: string) => {
      output += chunk;
      options.onOutput?.(chunk);
    };
    const prepared = (await this.nodes.engine(container.nodeId).exec(container.id, ['bash', '-c', PREPARED], { user: SANDBOX_USER, timeoutMs: 10_000, maxOutputBytes: 16 * 1024 })).exitCode === 0;
    if (options.sync || !prepared) {
      await this.workspace.syncFiles(projectId, container, { keep: ['node_modules', 'dist'] });
      const { exitCode } = await this.nodes
        .engine(container.nodeId)
        .exec(container.id, ['bash', '-c', `timeout -k 5 ${options.timeoutSeconds} node /opt/forge/bin/prepare-workspace.mjs ${SANDBOX_PROJECT_DIR} 2>&1`], {
          user: SANDBOX_USER,
          onOutput: collect,
          timeoutMs: (options.timeoutSeconds + 15) * 1000,
          maxOutputBytes: MAX_SCRIPT_OUTPUT_BYTES,
        });
      if (exitCode !== 0) return { failed: 'install', exitCode, output };
    }
    for (const script of scripts) {
      const command = `cd ${SANDBOX_PROJECT_DIR} && timeout -k 5 ${options.timeoutSeconds} node /opt/forge/bin/run-script.mjs ${script} 2>&1`;
      const { exitCode } = await this.nodes.engine(container.nodeId).exec(container.id, ['bash', '-c', command], {
        user: SANDBOX_USER,
        env: options.env,
        onOutput: collect,
        timeoutMs: (options.timeoutSeconds + 15) * 1000,
        maxOutputBytes: MAX_SCRIPT_OUTPUT_BYTES,
      });
      if (exitCode !== 0) return { failed: script, exitCode, output };
    }
    return { failed: null, exitCode: 0, output };
  }
}
