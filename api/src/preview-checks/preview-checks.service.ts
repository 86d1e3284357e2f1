import { createServer, type Server } from 'node:http';
import { chmod, rm } from 'node:fs/promises';
import { dirname, join } from 'node:path';
import { Inject, Injectable, Logger, type OnModuleDestroy } from '@nestjs/common';
import type { PreviewCheckStatus } from '@forge/protocol/streams';
import { type Browser, chromium } from 'playwright-core';
import { notFound } from '../common/errors/domain-error.js';
import { APP_CONFIG, type AppConfig } from '../config/app-config.js';
import { PreviewProxy } from '../preview-proxy/preview-proxy.js';
import { ProjectsService } from '../projects/projects.service.js';
import { ThumbnailsService } from '../thumbnails/thumbnails.service.js';
import { type BrowserJail, jailUnavailable, prepareJail } from './browser-jail.js';
import { MissingSecrets } from './missing-secrets.js';
import { checkPage } from './page-check.js';
import { type PageProblem, describeProblem } from './page-problems.js';

export interface PreviewCheckInput {
  projectId: string;
  previewUrl: string;
  /** A data app whose owner has not initialized its database: its API answers 503 by convention until then. */
  databaseAwaitingInit?: boolean;
  /** Keys its .env.example lists that have no saved value (and the platform does not provide). */
  missingSecrets?: string[];
}

export interface PreviewCheckResult {
  status: PreviewCheckStatus;
  problems: PageProblem[];
  /** Why the check was skipped, or what it let pass and why. */
  notes: string[];
  durationMs: number;
  /** Missing keys that explained something this check let pass (503s, errors naming them); empty otherwise. */
  waitingForSecrets: string[];
}

const BROWSER_ARGS = [
  // Every name is the jail's loopback, where only the preview forwarder listens.
  '--host-resolver-rules=MAP * 127.0.0.1',
  '--disable-gpu',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
  '--no-first-run',
  '--disable-dev-shm-usage',
];

/**
 * Opens every built preview in one jailed headless Chromium (see browser-jail.ts), one page at a
 * time behind a bounded queue, and keeps a screenshot of each as the project's thumbnail. A check
 * that cannot run says why and is `skipped`, never `passed`. With PREVIEW_CHECK_BROWSER_SOCKET the
 * browser is another container's (deploy/checker/relay.mjs), jailed the same way there: no network,
 * only a forwarder to the previews-only socket served here beside the browser's.
 */
@Injectable()
export class PreviewChecksService implements OnModuleDestroy {
  private readonly logger = new Logger('PreviewChecks');
  private browser: Promise<Browser> | null = null;
  private jail: Promise<BrowserJail> | null = null;
  private server: Server | null = null;
  private busy = false;
  private readonly waiting: Array<() => void> = [];
  private closed = false;

  constructor(
    @Inject(APP_CONFIG) private readonly config: AppConfig,
    private readonly proxy: PreviewProxy,
    private readonly projects: ProjectsService,
    private readonly thumbnails: ThumbnailsService,
  ) {}

  /** Why no check can run at all, or null. */
  unavailable(): string | null {
    if (!this.config.previewChecks.enabled) return 'preview checks are turned off (PREVIEW_CHECKS=off)';
    if (this.config.previewChecks.browserSocket) return null;
    return jailUnavailable(this.config.previewChecks.chromiumPath);
  }

  async check(input: PreviewCheckInput): Promise<PreviewCheckResult> {
    const started = Date.now();
    const skipped = (reason: string): PreviewCheckResult => ({ status: 'skipped', problems: [], notes: [reason], durationMs: Date.now() - started, waitingForSecrets: [] });
    const reason = this.unavailable();
    if (reason) return skipped(reason);
    if (this.busy && this.waiting.length >= this.config.previewChecks.maxQueued) {
      return skipped(`${this.waiting.length} checks were already waiting for the browser (PREVIEW_CHECK_MAX_QUEUED)`);
    }
    await this.acquire();
    try {
      let browser: Browser;
      try {
        browser = await this.launch();
      } catch (err) {
        this.logger.warn(`The checking browser did not start: ${(err as Error).message}`);
        return skipped(`the checking browser did not start: ${firstLine((err as Error).message)}`);
      }
      // The route may still be remembered from the build ("starting"): the check must see the app.
      this.proxy.forget(new URL(input.previewUrl).hostname.split('.')[0]);
      const secrets = new MissingSecrets(input.missingSecrets ?? []);
      let databaseAnswers = 0;
      let secretAnswers = 0;
      const findings = await checkPage(browser, {
        url: input.previewUrl,
        timeoutMs: this.config.previewChecks.timeoutMs,
        tolerated: (answer) => {
          if (input.databaseAwaitingInit && answer.status === 503) databaseAnswers++;
          else if (secrets.tolerates(answer)) secretAnswers++;
          else return false;
          return true;
        },
      });
      const verdict = secrets.judge(findings.problems);
      const notes: string[] = [];
      if (databaseAnswers > 0) {
        notes.push(`The app's API answered 503 to ${requests(databaseAnswers)}: its database is not initialized yet, so these are not counted as errors`);
      }
      const waiting = secretAnswers > 0 || verdict.explained.length > 0;
      if (secretAnswers > 0)
        notes.push(`The app's API answered 503 to ${requests(secretAnswers)} while ${secrets.missing.join(', ')} ${secrets.missing.length === 1 ? 'is' : 'are'} not saved: not counted as errors`);
      if (verdict.explained.length > 0)
        notes.push(
          `${verdict.explained.length === 1 ? 'An error names' : `${verdict.explained.length} errors name`} a key that is not saved yet, so not counted: ${describeProblem(verdict.explained[0])}`,
        );
      if (findings.screenshot) await this.thumbnails.save(input.projectId, findings.screenshot).catch((err: Error) => this.logger.warn(`Thumbnail of ${input.projectId}: ${err.message}`));
      return {
        status: verdict.problems.length > 0 ? 'failed' : 'passed',
        problems: verdict.problems,
        notes,
        durationMs: Date.now() - started,
        waitingForSecrets: waiting ? [...secrets.missing] : [],
      };
    } finally {
      this.release();
    }
  }

  /** The project's latest screenshot (JPEG), for its owner. */
  async thumbnail(ownerId: string, name: string): Promise<Buffer> {
    const project = await this.projects.find(ownerId, name);
    const image = await this.thumbnails.read(project.id);
    if (!image) throw notFound('This project has no thumbnail yet: it appears after its first successful build');
    return image;
  }

  async onModuleDestroy(): Promise<void> {
    this.closed = true;
    const browser = this.browser;
    this.browser = null;
    await browser?.then((b) => b.close()).catch(() => undefined);
    await new Promise<void>((resolve) => (this.server ? this.server.close(() => resolve()) : resolve()));
    const jail = await this.jail?.catch(() => null);
    if (!jail) return;
    if (this.config.previewChecks.browserSocket) await rm(jail.socketPath, { force: true });
    else await rm(dirname(jail.socketPath), { recursive: true, force: true });
  }

  /** The one jailed browser, started on first use and again after it went away (the bench and the jail's test look through it too). */
  launch(): Promise<Browser> {
    if (this.closed) return Promise.reject(new Error('the server is shutting down'));
    if (!this.browser) {
      const launching = this.start();
      this.browser = launching;
      launching.then(
        (browser) =>
          browser.on('disconnected', () => {
            if (this.browser === launching) this.browser = null;
          }),
        () => {
          if (this.browser === launching) this.browser = null;
        },
      );
    }
    return this.browser;
  }

  private async start(): Promise<Browser> {
    const jail = await this.prepareJail();
    const started = Date.now();
    const remote = this.config.previewChecks.browserSocket;
    if (remote) {
      // The checker starts a fresh Chromium per connection, forwarding this port to the previews' socket.
      const browser = await chromium.connectOverCDP(`ws+unix://${remote}:/chromium?port=${this.config.previewPort}`, { timeout: 30_000 });
      this.logger.log(`Checking browser at ${remote} connected in ${Date.now() - started} ms (${browser.version()})`);
      return browser;
    }
    const browser = await chromium.launch({
      executablePath: jail.executable,
      chromiumSandbox: true,
      args: BROWSER_ARGS,
      env: { PATH: process.env.PATH ?? '/usr/bin:/bin', ...jail.env },
      timeout: 30_000,
    });
    this.logger.log(`Checking browser started in ${Date.now() - started} ms (${browser.version()})`);
    return browser;
  }

  /** The jail's files (none for a remote browser) and the socket previews are served on for it: once per process. */
  private prepareJail(): Promise<BrowserJail> {
    this.jail ??= (async () => {
      const remote = this.config.previewChecks.browserSocket;
      const jail = remote
        ? { executable: '', socketPath: join(dirname(remote), 'previews.sock'), env: {} }
        : await prepareJail({ chromiumPath: this.config.previewChecks.chromiumPath, uid: this.config.previewChecks.uid, port: this.config.previewPort });
      // A previous process's socket in the shared folder.
      if (remote) await rm(jail.socketPath, { force: true });
      this.server = previewOnlyServer(this.proxy);
      await new Promise<void>((resolve, reject) => {
        this.server!.once('error', reject);
        this.server!.listen(jail.socketPath, () => resolve());
      });
      // The browser's unprivileged account connects to it (from its forwarder).
      await chmod(jail.socketPath, 0o666);
      return jail;
    })();
    this.jail.catch(() => (this.jail = null));
    return this.jail;
  }

  private async acquire(): Promise<void> {
    if (!this.busy) {
      this.busy = true;
      return;
    }
    await new Promise<void>((resolve) => this.waiting.push(resolve));
  }

  private release(): void {
    const next = this.waiting.shift();
    if (next) next();
    else this.busy = false;
  }
}

/** Serves preview hosts and nothing else: the jailed browser reaches the platform only through this. */
function previewOnlyServer(proxy: PreviewProxy): Server {
  const server = createServer((req, res) => {
    proxy.handle(req, res, () => {
      res.writeHead(404, { 'Content-Type': 'text/plain; charset=utf-8' });
      res.end('Only previews are served here');
    });
  });
  server.on('upgrade', (req, socket, head) => {
    if (!proxy.handleUpgrade(req, socket, head)) socket.destroy();
  });
  return server;
}

function requests(count: number): string {
  return `${count} request${count === 1 ? '' : 's'}`;
}

function firstLine(text: string): string {
  return text.split('\n')[0].trim();
}
