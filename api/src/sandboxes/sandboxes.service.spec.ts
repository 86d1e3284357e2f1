import { describe, expect, it, jest } from '@jest/globals';
import type { SandboxHousekeepingService } from './sandbox-housekeeping.service.js';
import type { SandboxLiveService } from './sandbox-live.service.js';
import type { SandboxLifecycleService } from './sandbox-lifecycle.service.js';
import type { SandboxNodesService } from './sandbox-nodes.service.js';
import type { SandboxOutputService } from './sandbox-output.service.js';
import type { SandboxRefreshService } from './sandbox-refresh.service.js';
import type { SandboxScriptsService } from './sandbox-scripts.service.js';
import type { CommandResult, SandboxWorkspaceService } from './sandbox-workspace.service.js';
import type { WorkQueue } from '../cluster/work-queue.js';
import { PREVIEW_WAKES_QUEUE, SandboxesService } from './sandboxes.service.js';

const PROJECT = 'project-1';
const CONTAINER = { id: 'c0ffee', ip: '172.30.0.2', nodeId: 'local', address: '172.30.0.2:3000' };
const BUILT: CommandResult = { exitCode: 0, timedOut: false, killed: false, outputLimited: false, durationMs: 1234 };

/** The facade over mocked parts; every call to them lands, in order, in `calls`. */
function newSandboxesService() {
  const calls: string[] = [];
  const record = <T>(name: string, value: T) => jest.fn(async (..._args: unknown[]) => (calls.push(name), value));
  const lifecycle = {
    markBuilding: record('markBuilding', undefined),
    ensureContainer: record('ensureContainer', CONTAINER),
    runningContainer: record('runningContainer', CONTAINER),
    markRunning: record('markRunning', { projectId: PROJECT, previewId: 'abc' }),
    markFailed: record('markFailed', undefined),
    markInterrupted: record('markInterrupted', undefined),
    stop: record('stop', undefined),
    remove: record('remove', undefined),
    previewUrl: jest.fn((previewId: string) => `http://${previewId}.preview.localhost:3000/`),
    find: record('find', { projectId: PROJECT, state: 'running' } as { projectId: string; state: string } | null),
  };
  const workspace = {
    syncFiles: record('syncFiles', 7),
    runBuild: record('runBuild', BUILT),
    startApp: record('startApp', undefined),
    stopApp: record('stopApp', undefined),
  };
  const housekeeping = {
    prewarm: jest.fn(),
    startWithinQuota: record('startWithinQuota', CONTAINER),
  };
  const refreshes = {
    refresh: record('refresh', { refreshed: true, previewUrl: 'http://abc.preview.localhost:3000/', durationMs: 900 }),
  };
  const live = { stopped: record('liveStopped', undefined) };
  const scripts = { run: record('runScripts', { failed: null, exitCode: 0, output: '' }) };
  const outputs = {
    forget: record('forgetOutput', undefined),
    find: jest.fn(async () => null),
    findLast: jest.fn(async (): Promise<Buffer | null> => Buffer.from('kept')),
    keep: record('keepOutput', undefined),
    restore: record('restoreOutput', true),
  };
  /** The wakes the sandboxes queued, for the builds to take. */
  const woken: string[] = [];
  const workQueue = { send: jest.fn(async (name: string, data: { projectId: string }, _options?: object) => (name === PREVIEW_WAKES_QUEUE && woken.push(data.projectId), 'id')) };
  const sut = new SandboxesService(
    lifecycle as unknown as SandboxLifecycleService,
    workspace as unknown as SandboxWorkspaceService,
    housekeeping as unknown as SandboxHousekeepingService,
    refreshes as unknown as SandboxRefreshService,
    scripts as unknown as SandboxScriptsService,
    outputs as unknown as SandboxOutputService,
    {} as SandboxNodesService,
    live as unknown as SandboxLiveService,
    workQueue as unknown as WorkQueue,
  );
  return { sut, mocks: { lifecycle, workspace, housekeeping, refreshes, scripts, workQueue, outputs }, calls, woken };
}

describe(SandboxesService.name, () => {
  describe('prepare', () => {
    it("records the sandbox as building before bringing its container up within its owner's allowance, passing the log on", async () => {
      const { sut, mocks, calls } = newSandboxesService();
      const log = jest.fn();
      await sut.prepare(PROJECT, log);
      expect(calls).toEqual(['markBuilding', 'startWithinQuota']);
      expect(mocks.housekeeping.startWithinQuota).toHaveBeenCalledWith(PROJECT, log);
    });
  });

  describe('build', () => {
    it('copies the files into a running container, says so, then builds and answers the result', async () => {
      const { sut, mocks, calls } = newSandboxesService();
      const lines: string[] = [];
      const onOutput = jest.fn();
      const result = await sut.build(PROJECT, (line) => lines.push(line), onOutput);
      expect(result).toBe(BUILT);
      // The container is ensured on every build: a runaway build before this one stopped it.
      // The generation's dev server, when one is stopping, is gone before the files are replaced under it.
      // (A watcher left by an edit's fast path stops in the copy's own script: edits.test.ts.)
      expect(calls).toEqual(['ensureContainer', 'liveStopped', 'syncFiles', 'runBuild']);
      expect(mocks.workspace.runBuild).toHaveBeenCalledWith(PROJECT, CONTAINER, onOutput);
      expect(lines).toEqual(['📁 Copied 7 files into the sandbox', '📦 Installing dependencies and building (npm run build)...']);
    });

    it('neither builds nor logs a copy that failed', async () => {
      const { sut, mocks } = newSandboxesService();
      mocks.workspace.syncFiles.mockRejectedValueOnce(new Error('tar failed'));
      const log = jest.fn();
      await expect(sut.build(PROJECT, log, jest.fn())).rejects.toThrow('tar failed');
      expect(mocks.workspace.runBuild).not.toHaveBeenCalled();
      expect(log).not.toHaveBeenCalled();
    });
  });

  describe('refresh', () => {
    it("hands an edit's changed files to the fast path and answers its outcome", async () => {
      const { sut, mocks } = newSandboxesService();
      const changes = { written: ['src/App.tsx'], deleted: [] };
      expect(await sut.refresh(PROJECT, changes)).toEqual({ refreshed: true, previewUrl: 'http://abc.preview.localhost:3000/', durationMs: 900 });
      expect(mocks.refreshes.refresh).toHaveBeenCalledWith(PROJECT, changes);
    });
  });

  describe('serve', () => {
    it('starts the app in the container the build used, then marks it running and answers its preview URL', async () => {
      const { sut, mocks, calls } = newSandboxesService();
      const lines: string[] = [];
      expect(await sut.serve(PROJECT, (line) => lines.push(line), {})).toBe('http://abc.preview.localhost:3000/');
      expect(lines).toEqual(['🚀 Starting the app...']);
      expect(calls).toEqual(['runningContainer', 'startApp', 'markRunning']);
      expect(mocks.lifecycle.ensureContainer).not.toHaveBeenCalled();
    });

    it("gives the app the project's variables, never overriding the platform's own", async () => {
      const { sut, mocks } = newSandboxesService();
      await sut.serve(PROJECT, jest.fn(), { DATABASE_URL: `postgresql://${PROJECT}`, PORT: '1', 'BAD NAME': 'x' });
      expect(mocks.workspace.startApp).toHaveBeenCalledWith(PROJECT, CONTAINER, expect.any(Function), { DATABASE_URL: 'postgresql://project-1' });
    });

    it('leaves the state alone when the app does not answer', async () => {
      const { sut, mocks } = newSandboxesService();
      mocks.workspace.startApp.mockRejectedValueOnce(new Error('The app did not start'));
      await expect(sut.serve(PROJECT, jest.fn(), {})).rejects.toThrow('The app did not start');
      expect(mocks.lifecycle.markRunning).not.toHaveBeenCalled();
    });
  });

  describe('restartApp', () => {
    it("starts a running preview's app again with its current variables", async () => {
      const { sut, mocks, calls } = newSandboxesService();
      expect(await sut.restartApp(PROJECT, { API_KEY: 'k' })).toBe(true);
      // Stopped first: a start must not take the old app's answer for its own.
      expect(calls).toEqual(['find', 'runningContainer', 'stopApp', 'startApp']);
      expect(mocks.workspace.startApp).toHaveBeenCalledWith(PROJECT, CONTAINER, expect.any(Function), { API_KEY: 'k' });
    });

    it('leaves a preview that is not running alone', async () => {
      const { sut, mocks } = newSandboxesService();
      mocks.lifecycle.find.mockResolvedValueOnce({ projectId: PROJECT, state: 'building' });
      expect(await sut.restartApp(PROJECT, {})).toBe(false);
      expect(mocks.workspace.startApp).not.toHaveBeenCalled();
    });
  });

  it("runs package scripts with the project's variables filtered like the app's", async () => {
    const { sut, mocks } = newSandboxesService();
    await sut.runScripts(PROJECT, ['db:push'], { env: { DATABASE_URL: 'postgresql://x', PATH: '/evil' }, sync: true, timeoutSeconds: 60 });
    expect(mocks.scripts.run).toHaveBeenCalledWith(PROJECT, ['db:push'], { env: { DATABASE_URL: 'postgresql://x' }, sync: true, timeoutSeconds: 60 });
  });

  describe('restoreLastGood', () => {
    it('puts the last kept build back in a cleaned workspace and serves it, whatever files it was built from', async () => {
      const { sut, mocks, calls } = newSandboxesService();
      await expect(sut.restoreLastGood(PROJECT, { API_KEY: 'k' })).resolves.toBe('http://abc.preview.localhost:3000/');
      expect(calls).toEqual(['ensureContainer', 'restoreOutput', 'startApp', 'markRunning']);
      expect(mocks.outputs.restore).toHaveBeenCalledWith(CONTAINER, Buffer.from('kept'), { clean: true });
      expect(mocks.workspace.startApp.mock.calls[0]![3]).toMatchObject({ API_KEY: 'k' });
    });

    it('with no kept build, leaves the sandbox stopped (built if it was) and answers null', async () => {
      const { sut, mocks, calls } = newSandboxesService();
      mocks.outputs.findLast.mockResolvedValue(null);
      await expect(sut.restoreLastGood(PROJECT, {})).resolves.toBeNull();
      expect(calls).toEqual(['markInterrupted']);
    });

    it('does not start an app over a restore that failed', async () => {
      const { sut, mocks, calls } = newSandboxesService();
      mocks.outputs.restore.mockResolvedValue(false);
      await expect(sut.restoreLastGood(PROJECT, {})).resolves.toBeNull();
      expect(mocks.outputs.restore).toHaveBeenCalledTimes(1);
      expect(mocks.workspace.startApp).not.toHaveBeenCalled();
      expect(calls).toEqual(['ensureContainer', 'markInterrupted']);
    });
  });

  it('marks a failed build through the lifecycle', async () => {
    const { sut, mocks } = newSandboxesService();
    await sut.markFailed(PROJECT);
    expect(mocks.lifecycle.markFailed).toHaveBeenCalledWith(PROJECT);
  });

  it('removes the container through the lifecycle', async () => {
    const { sut, mocks, calls } = newSandboxesService();
    await sut.remove(PROJECT, { quiet: true });
    expect(calls).toEqual(['remove']);
    expect(mocks.lifecycle.remove).toHaveBeenCalledWith(PROJECT, { quiet: true });
  });

  it('restarts by stopping, then queuing the wake (from the kept build, or a build), and answers the state it was in', async () => {
    const { sut, calls, woken, mocks } = newSandboxesService();
    await expect(sut.restart(PROJECT)).resolves.toBe('running');
    expect(calls).toEqual(['find', 'stop']);
    expect(woken).toEqual([PROJECT]);
    // One wake queued or running per project, however many replicas are visited at once.
    expect(mocks.workQueue.send).toHaveBeenCalledWith(PREVIEW_WAKES_QUEUE, { projectId: PROJECT }, { singletonKey: PROJECT });
  });

  it('does not wake anything when a failed stop ends the restart', async () => {
    const { sut, mocks, woken } = newSandboxesService();
    mocks.lifecycle.stop.mockRejectedValueOnce(new Error('Sandbox not found'));
    await expect(sut.restart(PROJECT)).rejects.toThrow('Sandbox not found');
    expect(woken).toEqual([]);
  });
});
