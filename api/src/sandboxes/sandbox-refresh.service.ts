import { Injectable, Logger } from '@nestjs/common';
import tar from 'tar-stream';
import { ProjectsService } from '../projects/projects.service.js';
import { SANDBOX_LOG_DIR, SANDBOX_PROJECT_DIR, SANDBOX_USER } from './container-spec.js';
import { SandboxNodesService } from './sandbox-nodes.service.js';
import { STOP_WATCHER, WATCH_PID } from './sandbox-scripts.js';
import { BUILD_CONFIG_FILE, BUILD_PLATFORM_FILES, buildsWithPlainVite } from './sandbox-platform-files.js';
import { type RunningContainer, SandboxLifecycleService } from './sandbox-lifecycle.service.js';

/** What an edit changed, relative to the project. */
export interface ChangedFiles {
  written: string[];
  deleted: string[];
}

export type RefreshOutcome = { refreshed: true; previewUrl: string; durationMs: number } | { refreshed: false; reason: string };

const WATCH_LOG = `${SANDBOX_LOG_DIR}/watch.log`;
const WATCH_OUT = `${SANDBOX_LOG_DIR}/watch-dist`;
/** The client code the watcher bundles; a change anywhere else (dependencies, config, server) needs a full build. */
const CLIENT_FILE = /^(?:src\/.+|index\.html)$/;
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

  private pack(projectId: string, paths: string[]) {
    const pack = tar.pack();
    // An engine that goes away mid-copy closes the pipe: the command's result says so, not a crash.
    pack.on('error', () => undefined);
    void (async () => {
      try {
        // The watcher builds with the platform's config, as the full build did: the source tags stay.
        for (const [path, content] of BUILD_PLATFORM_FILES) {
          await new Promise<void>((resolve, reject) => pack.entry({ name: path, size: content.length, mode: 0o644, mtime: new Date() }, content, (err) => (err ? reject(err) : resolve())));
        }
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
    // The watcher skips prebuild and postbuild hooks as it always has: it bundles the client code only.
    const manifest = await this.projects.readFileBytes(projectId, 'package.json').catch(() => null);
    return manifest !== null && buildsWithPlainVite(manifest.toString('utf8'), { hooks: true });
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
 *
 * Saving files is several writes, and each may start a build of its own (a build that read the
 * file half-replaced, then one more for the rest), some ending after the script would have read a
 * verdict. So the watcher is let go idle before the files go in, and the verdict is that of the
 * last build once every build begun has ended and the log has been still for a moment.
 */
const REFRESH_SCRIPT = `
cd ${SANDBOX_PROJECT_DIR} || exit 5
[ -f dist/index.html ] || exit 5
running=0
if [ -f ${WATCH_PID} ] && kill -0 -- -$(cat ${WATCH_PID}) 2>/dev/null && grep -q 'built in' ${WATCH_LOG}; then running=1; fi
since() { tail -c +$(($1 + 1)) ${WATCH_LOG}; }
# Succeeds once at least $2 builds began after byte $1 of the log, every one of them ended and the
# log stayed still for $3 checks of 20 ms; gives up after $4 checks.
settled() {
  last=-1; still=0
  for i in $(seq $4); do
    now=$(wc -c < ${WATCH_LOG})
    if [ "$now" = "$last" ]; then still=$((still + 1)); else still=0; last=$now; fi
    begun=$(since $1 | grep -c 'build started'); ended=$(since $1 | grep -cE 'built in|Build failed')
    [ $begun -ge $2 ] && [ $ended -ge $begun ] && [ $still -ge $3 ] && return 0
    sleep 0.02
  done
  return 1
}
size=0
if [ $running = 1 ]; then
  # A build still going (a late one of the previous change) would otherwise be taken for this change's;
  # a watcher that does not go idle is started again.
  if settled 0 0 5 ${REACTION_SECONDS * 50}; then size=$(wc -c < ${WATCH_LOG}); else running=0; fi
fi
tar -x -f - -m --no-same-owner || exit 2
for path in "$@"; do rm -f -- "$path"; done
if [ $running = 0 ]; then
  ${STOP_WATCHER}
  : > ${WATCH_LOG}
  setsid bash -c 'echo $$ > ${WATCH_PID}; exec node node_modules/vite/bin/vite.js build --config ${BUILD_CONFIG_FILE} --watch --outDir ${WATCH_OUT} --emptyOutDir >> ${WATCH_LOG} 2>&1' < /dev/null > /dev/null 2>&1 &
else
  # Success is claimed only for a bundle made after the change; no reaction leaves it to a full build.
  for i in $(seq ${REACTION_SECONDS * 50}); do since $size | grep -q 'build started' && break; sleep 0.02; done
  since $size | grep -q 'build started' || exit 6
fi
settled $size 1 20 ${BUILD_TIMEOUT_SECONDS * 50} || exit 3
if since $size | grep -E 'built in|Build failed' | tail -n 1 | grep -q 'Build failed'; then since $size | tail -n 20; exit 4; fi
# The new bundle goes in beside the old one; index.html, which names it, last and in one rename.
tar -C ${WATCH_OUT} --exclude=./index.html -cf - . | tar -C dist -xf - || exit 2
cp ${WATCH_OUT}/index.html dist/.index.html.new && mv dist/.index.html.new dist/index.html || exit 2
`;
