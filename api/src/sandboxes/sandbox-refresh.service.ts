import { Injectable, Logger } from '@nestjs/common';
import tar from 'tar-stream';
import { ProjectsService } from '../projects/projects.service.js';
import { SANDBOX_LOG_DIR, SANDBOX_PROJECT_DIR, SANDBOX_USER } from './container-spec.js';
import { SandboxNodesService } from './sandbox-nodes.service.js';
import { type RunningContainer, SandboxLifecycleService } from './sandbox-lifecycle.service.js';

/** What an edit changed, relative to the project. */
export interface ChangedFiles {
  written: string[];
  deleted: string[];
}

export type RefreshOutcome = { refreshed: true; previewUrl: string; durationMs: number } | { refreshed: false; reason: string };

const WATCH_LOG = `${SANDBOX_LOG_DIR}/watch.log`;
const WATCH_PID = `${SANDBOX_LOG_DIR}/watch.pid`;
const WATCH_OUT = `${SANDBOX_LOG_DIR}/watch-dist`;
/** Ends the watcher, its whole process group. */
export const STOP_WATCHER = `if [ -f ${WATCH_PID} ]; then kill -TERM -- -$(cat ${WATCH_PID}) 2>/dev/null; rm -f ${WATCH_PID}; fi`;
/** The client code the watcher bundles; a change anywhere else (dependencies, config, server) needs a full build. */
const CLIENT_FILE = /^(?:src\/.+|index\.html)$/;
/** The only build script the watcher reproduces: the conventions' static and data apps use it. */
const VITE_BUILD = /^\s*vite build\s*$/;
/** How long a watcher has to start bundling a change; one that does not (a file outside the bundle) goes to a full build. */
const REACTION_SECONDS = 5;
const BUILD_TIMEOUT_SECONDS = 90;

/**
 * Shows an edit of a running app's client code without a full build: a Vite watcher in the app's
 * container (started by the first such edit, stopped by any full build) bundles the changed files
 * again, and the new bundle replaces the one the running app serves. Installing, the build script
 * and restarting the app are skipped; anything it cannot vouch for is left to a full build.
 */
@Injectable()
export class SandboxRefreshService {
  private readonly logger = new Logger('SandboxRefresh');

  constructor(
    private readonly nodes: SandboxNodesService,
    private readonly lifecycle: SandboxLifecycleService,
    private readonly projects: ProjectsService,
  ) {}

  async refresh(projectId: string, changes: ChangedFiles): Promise<RefreshOutcome> {
    const outside = [...changes.written, ...changes.deleted].find((path) => !CLIENT_FILE.test(path));
    if (outside) return { refreshed: false, reason: `${outside} is not client code` };
    const record = await this.lifecycle.find(projectId);
    if (record?.state !== 'running') return { refreshed: false, reason: 'the preview is not running' };
    if (!(await this.buildsWithVite(projectId))) return { refreshed: false, reason: 'the build script is not `vite build`' };
    let container: RunningContainer;
    try {
      container = await this.lifecycle.runningContainer(projectId);
    } catch {
      return { refreshed: false, reason: 'the preview is not running' };
    }

    const started = Date.now();
    let output = '';
    const { exitCode } = await this.nodes.engine(container.nodeId).exec(container.id, ['bash', '-c', REFRESH_SCRIPT, 'refresh', ...changes.deleted], {
      user: SANDBOX_USER,
      env: { NO_COLOR: '1', FORCE_COLOR: '0' },
      stdin: this.pack(projectId, changes.written),
      onOutput: (chunk) => (output += chunk),
      // The script ends itself within its own limits; this bounds a script that cannot.
      timeoutMs: (REACTION_SECONDS + BUILD_TIMEOUT_SECONDS + 10) * 1000,
      maxOutputBytes: 64 * 1024,
    });
    if (exitCode !== 0) {
      const tail = output.trim().split('\n').slice(-3).join(' ');
      // The user reads why a full build follows; what the container printed is for operators.
      this.logger.warn(`Fast refresh of project ${projectId} ended with exit code ${exitCode}${tail ? `: ${tail}` : ''}`);
      return { refreshed: false, reason: REFRESH_FAILURES[exitCode] ?? `the watcher stopped (${tail || exitCode})` };
    }
    return { refreshed: true, previewUrl: this.lifecycle.previewUrl(record.previewId), durationMs: Date.now() - started };
  }

  /** Before a full build: the watcher would bundle the files while they are replaced. */
  async stopWatcher(container: RunningContainer): Promise<void> {
    await this.nodes.engine(container.nodeId).exec(container.id, ['bash', '-c', `${STOP_WATCHER}; true`], { user: SANDBOX_USER, timeoutMs: 10_000, maxOutputBytes: 16 * 1024 });
  }

  private pack(projectId: string, paths: string[]) {
    const pack = tar.pack();
    // An engine that goes away mid-copy closes the pipe: the command's result says so, not a crash.
    pack.on('error', () => undefined);
    void (async () => {
      try {
        for (const path of paths) {
          const content = await this.projects.readFileBytes(projectId, path);
          await new Promise<void>((resolve, reject) => pack.entry({ name: path, size: content.length, mode: 0o644, mtime: new Date() }, content, (err) => (err ? reject(err) : resolve())));
        }
        pack.finalize();
      } catch (err) {
        pack.destroy(err as Error);
      }
    })();
    return pack;
  }

  private async buildsWithVite(projectId: string): Promise<boolean> {
    try {
      const pkg = JSON.parse((await this.projects.readFileBytes(projectId, 'package.json')).toString('utf8')) as { scripts?: Record<string, unknown> };
      return typeof pkg.scripts?.build === 'string' && VITE_BUILD.test(pkg.scripts.build);
    } catch {
      return false;
    }
  }
}

const REFRESH_FAILURES: Record<number, string> = {
  2: 'the changed files could not be copied in',
  3: 'the watcher did not finish in time',
  4: 'the incremental build failed',
  5: 'the app has no build to update',
  6: 'the watcher did not react to the change',
};

/**
 * Run in the app's folder with the changed files as a tar on stdin and the deleted paths as
 * arguments. Exit codes: 0 done, 2 copy failed, 3 timed out, 4 build failed, 5 nothing served, 6 no rebuild.
 */
const REFRESH_SCRIPT = `
cd ${SANDBOX_PROJECT_DIR} || exit 5
[ -f dist/index.html ] || exit 5
running=0
if [ -f ${WATCH_PID} ] && kill -0 -- -$(cat ${WATCH_PID}) 2>/dev/null && grep -q 'built in' ${WATCH_LOG}; then running=1; fi
size=0
[ $running = 1 ] && size=$(wc -c < ${WATCH_LOG})
tar -x -f - -m --no-same-owner || exit 2
for path in "$@"; do rm -f -- "$path"; done
if [ $running = 0 ]; then
  ${STOP_WATCHER}
  : > ${WATCH_LOG}
  setsid bash -c 'echo $$ > ${WATCH_PID}; exec node node_modules/vite/bin/vite.js build --watch --outDir ${WATCH_OUT} --emptyOutDir >> ${WATCH_LOG} 2>&1' < /dev/null > /dev/null 2>&1 &
fi
fresh() { tail -c +$((size + 1)) ${WATCH_LOG}; }
if [ $running = 1 ]; then
  # Success is claimed only for a bundle made after the change; no reaction leaves it to a full build.
  for i in $(seq ${REACTION_SECONDS * 50}); do fresh | grep -q 'build started' && break; sleep 0.02; done
  fresh | grep -q 'build started' || exit 6
fi
for i in $(seq ${BUILD_TIMEOUT_SECONDS * 50}); do
  if fresh | grep -q 'Build failed'; then fresh | tail -n 20; exit 4; fi
  fresh | grep -q 'built in' && break
  sleep 0.02
done
fresh | grep -q 'built in' || exit 3
# The new bundle goes in beside the old one; index.html, which names it, last and in one rename.
tar -C ${WATCH_OUT} --exclude=./index.html -cf - . | tar -C dist -xf - || exit 2
cp ${WATCH_OUT}/index.html dist/.index.html.new && mv dist/.index.html.new dist/index.html || exit 2
`;
