import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { Inject, Injectable, Logger } from '@nestjs/common';
import tar from 'tar-stream';
import { APP_CONFIG, type AppConfig } from '../config/app-config.js';
import { ProjectsService } from '../projects/projects.service.js';
import { SANDBOX_APP_PORT, SANDBOX_PROJECT_DIR, SANDBOX_USER } from './container-spec.js';
import { withTimeLimit } from './sandbox-scripts.js';
import { PackageRegistryService } from './package-registry.service.js';
import { type RunningContainer, SandboxLifecycleService } from './sandbox-lifecycle.service.js';
import { SandboxNodesService } from './sandbox-nodes.service.js';
import { BUILD_PLATFORM_FILES, SOURCE_TAGS_FILE } from './sandbox-platform-files.js';
import { SandboxWorkspaceService } from './sandbox-workspace.service.js';

/** The dev server's config (api/sandbox-files/live-vite.config.mjs says what it does), beside the project's own. */
export const LIVE_CONFIG_FILE = '.forge-live.vite.config.mjs';
export const LIVE_CONFIG = readFileSync(fileURLToPath(new URL('../../sandbox-files/live-vite.config.mjs', import.meta.url)), 'utf8').replace('__APP_PORT__', String(SANDBOX_APP_PORT));
const DEV_SERVER = `node node_modules/vite/bin/vite.js --config ${LIVE_CONFIG_FILE}`;
/** What the dev server needs before it can render anything: the page and the project's Vite config. */
const ENTRY_PAGE = 'index.html';
const VITE_CONFIG = /^vite\.config\.(?:ts|js|mjs|mts)$/;
const COPY_TIMEOUT_MS = 30_000;
/**
 * The template stack pre-bundled in the sandbox image (sandbox-image/Dockerfile) goes where Vite's
 * optimizer looks first, unless the project has its own: Vite checks it was made for the same config
 * and packages, and bundles anew otherwise. Without it the first page waits for every dependency
 * to be bundled (15–30 s on a busy host).
 */
const SEED_DEPENDENCY_BUNDLES = `cd ${SANDBOX_PROJECT_DIR} && if [ -d /opt/forge/live-deps ] && [ ! -e node_modules/.vite/deps ]; then mkdir -p node_modules/.vite && rm -rf node_modules/.vite/deps.seeding && cp -r /opt/forge/live-deps node_modules/.vite/deps.seeding && mv node_modules/.vite/deps.seeding node_modules/.vite/deps; fi`;
/**
 * A file that lands reloads the page when it waited for it; the dev server stays this long after the last
 * copy of such a file, so that a reload of it loads before it stops (stopped mid-load, the frame would go blank).
 */
export const LIVE_SETTLE_MS = 3_000;
/** A module no page could have imported before it landed (a page waits for it) or the page itself: they reload the page. */
const RELOADS_PAGE = /\.(?:[cm]?[jt]sx?|css)$/;
const reloadsPage = (path: string, saved: ReadonlySet<string>) => path === ENTRY_PAGE || (RELOADS_PAGE.test(path) && !saved.has(path));

/** One project's live preview on this replica: its container, the install, whether the dev server was started. */
interface Session {
  container: Promise<RunningContainer>;
  /** Copies run one after another, in the order the files were saved; the files saved meanwhile go in together. */
  copies: Promise<void>;
  /** Saved and not copied yet: the next copy takes them all in one tar (the template's files land at once). */
  pending: string[];
  /** When the last copy of a file that reloads a page went in (ms since the epoch): a README written last waits for nothing. */
  reloadCopiedAt: number;
  installed: Promise<boolean> | null;
  saved: Set<string>;
  starting: boolean;
  /** The dev server answered (its address was announced): a page may be showing it. */
  answered: boolean;
  ended: boolean;
}

/**
 * A live preview while the agent writes: each saved file is copied into the project's sandbox as it
 * lands, the dependencies install as soon as package.json is there, and once the page and the Vite
 * config are in, the Vite dev server serves the files as they are (the app's preview address, no
 * built output yet). The production build that follows the generation stops it like any app.
 */
@Injectable()
export class SandboxLiveService {
  private readonly logger = new Logger('LivePreview');
  private readonly sessions = new Map<string, Session>();
  /** Dev servers being stopped at their generation's end, by project. */
  private readonly stopping = new Map<string, Promise<void>>();

  constructor(
    @Inject(APP_CONFIG) private readonly config: AppConfig,
    private readonly nodes: SandboxNodesService,
    private readonly lifecycle: SandboxLifecycleService,
    private readonly workspace: SandboxWorkspaceService,
    private readonly projects: ProjectsService,
    private readonly registry: PackageRegistryService,
  ) {}

  /** LIVE_SETTLE_MS; the unit tests wait less. */
  settleMs = LIVE_SETTLE_MS;

  /**
   * `path` was saved: copies it in, and starts the install or the dev server when it is their turn.
   * `onLive` hears the preview's address once the dev server answers. Never throws: a live preview
   * that cannot run leaves the generation and its build as they would be without it.
   */
  saved(projectId: string, path: string, onLive: (previewUrl: string) => void): void {
    let session = this.sessions.get(projectId);
    if (!session) {
      const container = this.lifecycle.ensureContainer(projectId);
      container.catch(() => undefined);
      session = { container, copies: Promise.resolve(), pending: [], reloadCopiedAt: 0, installed: null, saved: new Set(), starting: false, answered: false, ended: false };
      this.sessions.set(projectId, session);
    }
    const current = session;
    if (current.ended) return;
    current.pending.push(path);
    current.copies = current.copies.then(async () => {
      const paths = current.pending.splice(0);
      if (current.ended || paths.length === 0) return;
      try {
        const files = await Promise.all(paths.map(async (path) => ({ path, content: await this.projects.readFileBytes(projectId, path) })));
        await this.copyFiles(await current.container, files);
        if (paths.some((path) => reloadsPage(path, current.saved))) current.reloadCopiedAt = Date.now();
        for (const path of paths) current.saved.add(path);
        if (paths.includes('package.json') && !current.installed) current.installed = this.install(projectId, current);
        await this.maybeStart(projectId, current, onLive);
      } catch (err) {
        this.logger.warn(`Live preview of ${projectId}: ${paths.join(', ')}: ${(err as Error).message}`);
      }
    });
  }

  /**
   * The generation ended: the dev server stops before the build after it copies the files in and builds
   * (it would reload the page at each file copied, and the page would land on a half-stopped server): the
   * page it rendered stays in the frame until the built app replaces it. With no build to follow (a failed
   * generation), the preview is recorded stopped. The build may start meanwhile: it waits for `stopped`.
   */
  end(projectId: string, { buildFollows }: { buildFollows: boolean }): Promise<void> {
    const session = this.sessions.get(projectId);
    if (!session) return Promise.resolve();
    session.ended = true;
    this.sessions.delete(projectId);
    const stopping = this.stop(projectId, session, buildFollows);
    this.stopping.set(projectId, stopping);
    return stopping.finally(() => {
      if (this.stopping.get(projectId) === stopping) this.stopping.delete(projectId);
    });
  }

  /** Resolves once the project's dev server, if one was ending, has stopped: a build copies its files in after that. */
  async stopped(projectId: string): Promise<void> {
    await this.stopping.get(projectId)?.catch(() => undefined);
  }

  private async stop(projectId: string, session: Session, buildFollows: boolean): Promise<void> {
    await session.copies;
    if (!session.starting) return;
    // A page that may be loading the last file's reload gets a moment; a server no page saw yet stops at once.
    if (buildFollows && session.answered) await new Promise((resolve) => setTimeout(resolve, Math.max(0, session.reloadCopiedAt + this.settleMs - Date.now())));
    const container = await session.container.catch(() => null);
    if (container) await this.workspace.stopApp(container).catch(() => undefined);
    if (!buildFollows) await this.lifecycle.markStopped(projectId).catch(() => undefined);
  }

  private async maybeStart(projectId: string, session: Session, onLive: (previewUrl: string) => void): Promise<void> {
    if (session.starting || !session.installed || !session.saved.has(ENTRY_PAGE) || ![...session.saved].some((path) => VITE_CONFIG.test(path))) return;
    session.starting = true;
    // The dev server starts once the install is done; files keep being copied meanwhile.
    void (async () => {
      if (!(await session.installed) || session.ended) return;
      const container = await session.container;
      // The live config loads the platform's source tags from beside it.
      await this.copyFiles(container, [
        { path: SOURCE_TAGS_FILE, content: BUILD_PLATFORM_FILES.get(SOURCE_TAGS_FILE)! },
        { path: LIVE_CONFIG_FILE, content: Buffer.from(LIVE_CONFIG) },
      ]);
      const seeded = await this.nodes
        .engine(container.nodeId)
        .exec(container.id, ['bash', '-c', SEED_DEPENDENCY_BUNDLES], { user: SANDBOX_USER, timeoutMs: COPY_TIMEOUT_MS, maxOutputBytes: 16 * 1024 });
      if (seeded.exitCode !== 0) this.logger.warn(`Live preview of ${projectId}: the pre-bundled dependencies were not copied in (${seeded.output.trim().slice(-300)}); Vite bundles them itself`);
      await this.workspace.startApp(projectId, container, (line) => this.logger.debug(line), {}, DEV_SERVER);
      // The answer ended while it started: nobody saw it, and the sandbox is the build's now.
      if (session.ended) return void (await this.workspace.stopApp(container));
      session.answered = true;
      const record = await this.lifecycle.markLive(projectId);
      this.logger.log(`Live preview of ${projectId} answers`);
      onLive(this.lifecycle.previewUrl(record.previewId));
    })().catch((err: Error) => this.logger.warn(`Live preview of ${projectId} did not start: ${err.message}`));
  }

  /**
   * Answers whether the install succeeded, and never rejects: it starts when package.json is in, and the
   * dev server waits for it only once the page is in too; a rejection nobody handled by then ends the process.
   */
  private install(projectId: string, session: Session): Promise<boolean> {
    return this.runInstall(projectId, session).catch((err: Error) => {
      this.logger.warn(`Live preview of ${projectId}: the install failed: ${err.message}`);
      return false;
    });
  }

  private async runInstall(projectId: string, session: Session): Promise<boolean> {
    const container = await session.container;
    const limit = this.config.builds.timeoutSeconds;
    const env = await this.registry.installEnvironment();
    let output = '';
    const result = await this.nodes.engine(container.nodeId).exec(container.id, withTimeLimit(limit, ['node', '/opt/forge/bin/prepare-workspace.mjs', SANDBOX_PROJECT_DIR]), {
      user: SANDBOX_USER,
      env,
      timeoutMs: limit * 1000 + 5_000,
      maxOutputBytes: 1024 * 1024,
      onOutput: (chunk) => (output = (output + chunk).slice(-4000)),
    });
    if (result.exitCode !== 0) this.logger.warn(`Live preview of ${projectId}: the install failed (${result.exitCode}): ${output.trim().split('\n').slice(-5).join(' ')}`);
    return result.exitCode === 0;
  }

  /** One exec for any number of files: each exec costs the engine a round trip, and the template brings dozens at once. */
  private async copyFiles(container: RunningContainer, files: Array<{ path: string; content: Buffer }>): Promise<void> {
    const pack = tar.pack();
    pack.on('error', () => undefined);
    for (const { path, content } of files) pack.entry({ name: path, size: content.length, mode: 0o644, mtime: new Date() }, content);
    pack.finalize();
    const result = await this.nodes.engine(container.nodeId).exec(container.id, ['bash', '-c', `mkdir -p ${SANDBOX_PROJECT_DIR} && cd ${SANDBOX_PROJECT_DIR} && tar -x -f - -m --no-same-owner`], {
      user: SANDBOX_USER,
      stdin: pack,
      timeoutMs: COPY_TIMEOUT_MS,
      maxOutputBytes: 16 * 1024,
    });
    if (result.exitCode !== 0) throw new Error(`copying it in failed: ${result.output.trim().slice(-500)}`);
  }
}
