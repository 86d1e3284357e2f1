import { Injectable, Logger, type OnApplicationBootstrap } from '@nestjs/common';
import { OnEvent } from '@nestjs/event-emitter';
import type { AdminNode, AdminSandboxesResponse } from '@forge/protocol/admin';
import type { LogLevel } from '@forge/protocol/runs';
import { JOB_HEARTBEAT_SECONDS, WorkQueue } from '../cluster/work-queue.js';
import { PROJECT_DELETED, PROJECT_DELETING, type ProjectDeletedEvent, type ProjectDeletingEvent } from '../common/events/domain-events.js';
import type { EngineStatus } from './docker.driver.js';
import { projectVariables } from './sandbox-app-environment.js';
import { type ScriptsOptions, type ScriptsResult, SandboxScriptsService } from './sandbox-scripts.service.js';
import { SandboxHousekeepingService } from './sandbox-housekeeping.service.js';
import { type Readiness, SandboxLifecycleService } from './sandbox-lifecycle.service.js';
import { SandboxLiveService } from './sandbox-live.service.js';
import { SandboxNodesService } from './sandbox-nodes.service.js';
import { SandboxOutputService } from './sandbox-output.service.js';
import { type ChangedFiles, type RefreshOutcome, SandboxRefreshService } from './sandbox-refresh.service.js';
import { type CommandResult, SandboxWorkspaceService } from './sandbox-workspace.service.js';
import type { SandboxRecord, SandboxWithProject } from './sandboxes.repository.js';

export { BUILD_OUTPUT_LIMIT_BYTES, type CommandResult } from './sandbox-workspace.service.js';
export type { ChangedFiles, RefreshOutcome } from './sandbox-refresh.service.js';
export type { ScriptsOptions, ScriptsResult } from './sandbox-scripts.service.js';
/** Where a project's files are inside its sandbox, as build output names them. */
export { SANDBOX_PROJECT_DIR } from './container-spec.js';

/** A line for the build log, with its level (info when not said). */
type Log = (line: string, level?: LogLevel) => void;

/** The variables a project's app runs with on top of the container's own (its secrets, DATABASE_URL): the caller's to give. */
export type AppEnvironment = Record<string, string>;

/**
 * Stopped previews to start again on their next visit, one queued or running per project across
 * replicas: the sandboxes send a visited preview's wake here, and the builds take it.
 */
export const PREVIEW_WAKES_QUEUE = 'forge-preview-wakes';
export const PREVIEW_WAKES_QUEUE_OPTIONS = { policy: 'exclusive', heartbeatSeconds: JOB_HEARTBEAT_SECONDS, retryLimit: 2, expireInSeconds: 900, deleteAfterSeconds: 600 } as const;

/**
 * What other modules may ask of a project's sandbox, by intent: builds get it ready, build in it
 * and serve from it; previews find and wake it; jobs start it early; operators see and steer it.
 */
@Injectable()
export class SandboxesService implements OnApplicationBootstrap {
  private readonly logger = new Logger('Sandboxes');

  constructor(
    private readonly lifecycle: SandboxLifecycleService,
    private readonly workspace: SandboxWorkspaceService,
    private readonly housekeeping: SandboxHousekeepingService,
    private readonly refreshes: SandboxRefreshService,
    private readonly scripts: SandboxScriptsService,
    private readonly outputs: SandboxOutputService,
    private readonly nodes: SandboxNodesService,
    private readonly live: SandboxLiveService,
    private readonly workQueue: WorkQueue,
  ) {}

  async onApplicationBootstrap(): Promise<void> {
    await this.workQueue.ensureQueue(PREVIEW_WAKES_QUEUE, PREVIEW_WAKES_QUEUE_OPTIONS);
  }

  /** Whether the engine can build anything: it answers and has the sandbox image. */
  readiness(): Promise<Readiness> {
    return this.lifecycle.readiness();
  }

  engineStatus(): Promise<EngineStatus> {
    return this.lifecycle.engineStatus();
  }

  /**
   * Before a build: the project's sandbox recorded as building, its container up. Within the owner's
   * allowance of running sandboxes: the least recently visited other one may stop for it (logged).
   */
  async prepare(projectId: string, log: Log): Promise<void> {
    await this.lifecycle.markBuilding(projectId);
    await this.housekeeping.startWithinQuota(projectId, log);
  }

  /** The longest one pass of `build` and `serve` takes when each of its steps runs to its own limit. */
  passLimitMs(): number {
    return this.workspace.passLimitMs();
  }

  /** A build pass ran past every limit: its container stops, whatever it was doing. */
  abandon(projectId: string): Promise<void> {
    return this.workspace.recycle(projectId);
  }

  /**
   * Copies the project's saved files in, then installs and builds, streaming the output. A runaway
   * build stops its container, so each build starts it again first when needed. The live preview of the
   * generation before it stops first (it starts on its own as the generation ends).
   */
  async build(projectId: string, log: Log, onOutput: (chunk: string) => void): Promise<CommandResult> {
    const container = await this.lifecycle.ensureContainer(projectId, log);
    await this.live.stopped(projectId);
    const fileCount = await this.workspace.syncFiles(projectId, container);
    log(`📁 Copied ${fileCount} files into the sandbox`);
    log('📦 Installing dependencies and building (npm run build)...');
    return this.workspace.runBuild(projectId, container, onOutput);
  }

  /**
   * Installs the dependencies `files` (a changed package.json) ask for in the project's sandbox, before
   * they are saved; see SandboxWorkspaceService.installTrial.
   */
  async installFirst(projectId: string, files: ReadonlyMap<string, string>, log: Log): Promise<{ ok: boolean; output: string; lockfile: string | null }> {
    const container = await this.lifecycle.ensureContainer(projectId, log);
    return this.workspace.installTrial(projectId, container, files);
  }

  /** After a successful build: starts the app in the same container with `env`, waits until it answers, and answers its preview URL. */
  async serve(projectId: string, log: Log, env: AppEnvironment): Promise<string> {
    log('🚀 Starting the app...');
    const container = await this.lifecycle.runningContainer(projectId);
    await this.workspace.startApp(projectId, container, log, projectVariables(env));
    const record = await this.lifecycle.markRunning(projectId);
    return this.lifecycle.previewUrl(record.previewId);
  }

  /**
   * After a successful build: keeps its output with the project, stamped with the files' time
   * (`filesAt`) it was built from, for `resume`.
   */
  async keepOutput(projectId: string, filesAt: Date): Promise<void> {
    const container = await this.lifecycle.runningContainer(projectId);
    await this.outputs.keep(projectId, container, filesAt);
  }

  /**
   * A stopped preview started again from its last build's kept output, without building: its
   * container up, the output unpacked, the app started. Answers the preview URL, or null when
   * there is no kept output for the files as they are now (`filesAt`) and a build must run.
   */
  async resume(projectId: string, filesAt: Date, env: AppEnvironment, log: Log = () => {}): Promise<string | null> {
    const archive = await this.outputs.find(projectId, filesAt);
    if (!archive) return null;
    await this.lifecycle.markBuilding(projectId);
    const container = await this.lifecycle.ensureContainer(projectId, log);
    if (!(await this.outputs.restore(container, archive))) return null;
    await this.workspace.startApp(projectId, container, log, projectVariables(env));
    const record = await this.lifecycle.markRunning(projectId);
    return this.lifecycle.previewUrl(record.previewId);
  }

  /**
   * After the platform stopped a build: the last successful build kept (whatever files it was built
   * from) serves the preview again, in place of what the stopped build left. Answers the preview URL,
   * or null when no build was kept (the sandbox is then left stopped: built if it was, so a visit
   * starts it again).
   */
  async restoreLastGood(projectId: string, env: AppEnvironment, log: Log = () => {}): Promise<string | null> {
    const archive = await this.outputs.findLast(projectId);
    if (!archive) {
      await this.lifecycle.markInterrupted(projectId);
      return null;
    }
    const container = await this.lifecycle.ensureContainer(projectId, log);
    if (!(await this.outputs.restore(container, archive, { clean: true }))) {
      await this.lifecycle.markInterrupted(projectId);
      return null;
    }
    await this.workspace.startApp(projectId, container, log, projectVariables(env));
    const record = await this.lifecycle.markRunning(projectId);
    return this.lifecycle.previewUrl(record.previewId);
  }

  /** A build the platform stopped, with no time to put the last build back: a built preview stays built and starts again on its next visit. */
  markInterrupted(projectId: string): Promise<void> {
    return this.lifecycle.markInterrupted(projectId);
  }

  /**
   * Puts changed client files into the running app without a full build (an edit's fast path);
   * answers why not when only a full build will do.
   */
  refresh(projectId: string, changes: ChangedFiles): Promise<RefreshOutcome> {
    return this.refreshes.refresh(projectId, changes);
  }

  /**
   * Starts a running preview's app again with `env`, so it reads its variables anew. Answers false
   * when there is no running preview (a build in progress or the next wake-up starts it with them anyway).
   */
  async restartApp(projectId: string, env: AppEnvironment, log: Log = () => {}): Promise<boolean> {
    if ((await this.lifecycle.find(projectId))?.state !== 'running') return false;
    const container = await this.lifecycle.runningContainer(projectId).catch(() => null);
    if (!container) return false;
    log('🔄 Restarting the app with its new environment...');
    await this.workspace.stopApp(container);
    await this.workspace.startApp(projectId, container, log, projectVariables(env));
    return true;
  }

  /** Whether the project is being built right now. */
  async isBuilding(projectId: string): Promise<boolean> {
    return (await this.lifecycle.find(projectId))?.state === 'building';
  }

  /** Runs the project's own package scripts (db:push, db:seed) in its sandbox, stopping at the first that fails. */
  runScripts(projectId: string, names: string[], options: ScriptsOptions): Promise<ScriptsResult> {
    return this.scripts.run(projectId, names, { ...options, env: projectVariables(options.env) });
  }

  /** A build failed: the project has no preview until one succeeds, and its container stops. */
  markFailed(projectId: string): Promise<void> {
    return this.lifecycle.markFailed(projectId);
  }

  /** Starts the project's container ahead of its first build; queued, one per project. */
  prewarm(projectId: string): void {
    this.housekeeping.prewarm(projectId);
  }

  /**
   * A generation saved `path`: the live preview copies it into the sandbox, installs once package.json is in, and
   * runs the Vite dev server once the app can render; `onLive` hears its address when it first answers.
   */
  liveSaved(projectId: string, path: string, onLive: (previewUrl: string) => void): void {
    this.live.saved(projectId, path, onLive);
  }

  /** The generation ended: its dev server stops, leaving the sandbox to the build after it (`buildFollows`), or recorded stopped. */
  liveEnded(projectId: string, options: { buildFollows: boolean }): Promise<void> {
    return this.live.end(projectId, options);
  }

  /** A stopped preview was visited: its wake is queued, once per project, for the builds to start it again (from its kept build, or by building). */
  wake(projectId: string): void {
    void this.workQueue.send(PREVIEW_WAKES_QUEUE, { projectId }, { singletonKey: projectId }).catch((err: Error) => this.logger.warn(`Waking ${projectId}: ${err.message}`));
  }

  recordVisit(projectId: string): void {
    this.housekeeping.recordVisit(projectId);
  }

  find(projectId: string): Promise<SandboxRecord | null> {
    return this.lifecycle.find(projectId);
  }

  findByPreviewId(previewId: string): Promise<SandboxWithProject | null> {
    return this.lifecycle.findByPreviewId(previewId);
  }

  previewUrl(previewId: string): string {
    return this.lifecycle.previewUrl(previewId);
  }

  /** The running app's address inside the sandbox network, if its container is up. */
  target(projectId: string): Promise<string | null> {
    return this.lifecycle.target(projectId);
  }

  /** The project's name and owner (null when it is gone): what the operators' audit trail names. */
  describeProject(projectId: string): Promise<{ name: string; ownerId: string } | null> {
    return this.lifecycle.describe(projectId);
  }

  /** Stops the container: its processes and its scratch space go, the project's files stay. */
  stop(projectId: string): Promise<void> {
    return this.lifecycle.stop(projectId);
  }

  /**
   * Stops the container and queues its start, as a visit of a stopped preview does: the builds start it
   * from its kept build when the files did not change since, otherwise they build it. Answers the state
   * it was in, for the operator to be told what this did.
   */
  async restart(projectId: string): Promise<SandboxRecord['state']> {
    const before = (await this.lifecycle.find(projectId))?.state ?? 'stopped';
    await this.lifecycle.stop(projectId);
    this.wake(projectId);
    return before;
  }

  async remove(projectId: string, options: { quiet?: boolean } = {}): Promise<void> {
    await this.lifecycle.remove(projectId, options);
  }

  @OnEvent(PROJECT_DELETING)
  async onProjectDeleting({ projectId }: ProjectDeletingEvent): Promise<void> {
    await this.remove(projectId, { quiet: true });
    await this.outputs.forget(projectId);
  }

  /**
   * Once the project's rows are gone: a build that was creating its container when the removal above
   * ran (or started one just after) has made it by now, and no start can follow (the project is not
   * found); a container of the project's on any host goes.
   */
  @OnEvent(PROJECT_DELETED)
  async onProjectDeleted({ projectId }: ProjectDeletedEvent): Promise<void> {
    await this.remove(projectId, { quiet: true });
  }

  /** One page of sandboxes for the operators' console, with figures collected in the background. */
  listForAdmin(cursor: string | undefined, limit: number): Promise<AdminSandboxesResponse> {
    return this.housekeeping.listForAdmin(cursor, limit);
  }

  /** The Docker hosts, as their last heartbeat saw them. */
  listNodes(): Promise<AdminNode[]> {
    return this.nodes.listForAdmin();
  }

  /** Draining: the host takes no new sandboxes; those running there stay until they stop. */
  setNodeDraining(nodeId: string, draining: boolean): Promise<AdminNode> {
    return this.nodes.setDraining(nodeId, draining);
  }

  /** The container's build and app output; the last build's log when it is not running. */
  logs(projectId: string): Promise<string> {
    return this.workspace.logs(projectId);
  }
}
