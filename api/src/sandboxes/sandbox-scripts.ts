// The shell the platform runs inside a project's container. The project's own code runs there as the
// same user, so every file the platform keeps in the container may have been replaced by a pipe, a
// link or a folder: the scripts recreate their files before each use, read them only when they are
// regular files, and the platform runs each under a time limit (coreutils timeout ends the whole
// process group), besides giving up on it from outside.
import { SANDBOX_LOG_DIR, SANDBOX_PROJECT_DIR } from './container-spec.js';

export const BUILD_LOG = `${SANDBOX_LOG_DIR}/build.log`;
export const APP_LOG = `${SANDBOX_LOG_DIR}/app.log`;
const APP_PID_FILE = `${SANDBOX_LOG_DIR}/app.pid`;
const READ_LOG = '/opt/forge/bin/read-log.mjs';

/** Exit code of read-log.mjs when the file is not a regular file; it prints what it is instead. */
export const LOG_NOT_REGULAR = 3;

/** The app's process group, from its pid file only when that is a regular file holding a number. */
const READ_APP_PID = `pid=; if [ -f ${APP_PID_FILE} ] && [ ! -L ${APP_PID_FILE} ]; then read -r pid < ${APP_PID_FILE}; fi; ` + `case "$pid" in ''|*[!0-9]*) pid= ;; esac`;

/**
 * Ends the running app, its whole process group, before a build or a new start: up to 3 s for it to
 * go, looked at every 20 ms (a dev server goes in tens of milliseconds, and the build after a
 * generation waits for it).
 */
export const STOP_APP =
  `${READ_APP_PID}; if [ -n "$pid" ]; then kill -TERM -- -$pid 2>/dev/null; ` +
  `for i in $(seq 150); do kill -0 -- -$pid 2>/dev/null || break; sleep 0.02; done; kill -KILL -- -$pid 2>/dev/null; fi; rm -rf ${APP_PID_FILE}`;

/** The edit fast path's `vite build --watch` (sandbox-refresh.service.ts): its pid file, and its stop. */
export const WATCH_PID = `${SANDBOX_LOG_DIR}/watch.pid`;
/** Ends the watcher, its whole process group. */
export const STOP_WATCHER = `if [ -f ${WATCH_PID} ]; then kill -TERM -- -$(cat ${WATCH_PID}) 2>/dev/null; rm -f ${WATCH_PID}; fi`;

/** Succeeds while the app's process group lives. */
export const APP_ALIVE = `${READ_APP_PID}; [ -n "$pid" ] && kill -0 -- -$pid 2>/dev/null`;

/**
 * Opens a fresh file on `fd` (`>` for stdout): whatever stands at the path goes first, and with
 * noclobber the shell creates the file exclusively, so it is a regular file this shell made.
 */
function openFresh(path: string, fd: string): string {
  return `mkdir -p ${SANDBOX_LOG_DIR} && rm -rf ${path} && set -C && exec ${fd}${path} && set +C`;
}

/**
 * Removes everything but node_modules from the project folder and unpacks the tar on stdin there. A
 * watcher of the edit fast path stops first: it would bundle the files as they are replaced. In the
 * same exec, because every exec costs the engine a round trip and a build waits for this one.
 */
export function syncFilesScript(keep: readonly string[]): string {
  const kept = keep.map((name) => `! -name ${name}`).join(' ');
  return `${STOP_WATCHER}; set -e; mkdir -p ${SANDBOX_PROJECT_DIR}; cd ${SANDBOX_PROJECT_DIR}; find . -mindepth 1 -maxdepth 1 ${kept} -exec rm -rf {} +; tar -x -f - -m --no-same-owner`;
}

/**
 * Stops the app, then installs and builds within `limitSeconds` (exit code 124 past it), printing
 * everything and keeping a copy in the build log for operators. `build` replaces the project's build
 * script (the platform's own `vite build`; it holds no single quote).
 */
export function buildScript(limitSeconds: number, build = 'node /opt/forge/bin/run-script.mjs build'): string {
  const steps = `node /opt/forge/bin/prepare-workspace.mjs ${SANDBOX_PROJECT_DIR} && ${build}`;
  return `${STOP_APP}; ${openFresh(BUILD_LOG, '3>')} && cd ${SANDBOX_PROJECT_DIR} && ` + `timeout -k 5 ${limitSeconds} bash -c '${steps}' 2>&1 | tee /dev/fd/3`;
}

/** Starts `command` as the leader of a new process group, its output in the app log. Run detached, under setsid. */
export function startScript(command: string): string {
  return `${STOP_APP}; ${openFresh(APP_LOG, '>')} && exec 2>&1 && set -C && echo $$ > ${APP_PID_FILE} && set +C && cd ${SANDBOX_PROJECT_DIR} && exec ${command}`;
}

/** Prints at most `maxBytes` from the end of a log, through the image's careful reader. */
export function readLogCommand(path: string, maxBytes: number): string[] {
  return ['node', READ_LOG, path, String(maxBytes)];
}

/** `command` ended inside the container after `seconds`, whatever it started with it. */
export function withTimeLimit(seconds: number, command: string[]): string[] {
  return ['timeout', '-k', '2', String(Math.max(1, Math.ceil(seconds))), ...command];
}
