import type { IncomingMessage, ServerResponse } from 'node:http';
import type { Duplex } from 'node:stream';
import { Inject, Injectable, Logger } from '@nestjs/common';
import { createProxyServer } from 'http-proxy-3';
import { APP_CONFIG, type AppConfig } from '../config/app-config.js';
import { SandboxesService } from '../sandboxes/sandboxes.service.js';
import { type PreviewPage, previewPage } from './preview-pages.js';

const PREVIEW_ID = /^[a-z2-7]{20}$/;
/** How long a preview's route is trusted before the database and Docker are asked again. */
const ROUTE_TTL_MS = 2000;

type Route =
  | { kind: 'proxy'; projectId: string; target: string }
  | { kind: 'page'; projectId: string | null; page: PreviewPage };

/**
 * Serves every preview on its own origin, `{previewId}.{PREVIEW_DOMAIN}`, by proxying to the
 * project's container; a preview that is not running gets a clear page instead of a hang.
 */
@Injectable()
export class PreviewProxy {
  private readonly logger = new Logger('Previews');
  private readonly routes = new Map<string, { route: Route; expires: number }>();
  private readonly proxy = createProxyServer({ ws: true, xfwd: true, proxyTimeout: 60_000 });
  private readonly suffix: string;

  constructor(
    @Inject(APP_CONFIG) config: AppConfig,
    private readonly sandboxes: SandboxesService,
  ) {
    this.suffix = `.${config.previewDomain}`;
    // A failed upstream must answer the visitor, never crash the process or leak the socket.
    this.proxy.on('error', (err, req, target) => {
      const previewId = this.previewIdOf(req);
      if (previewId) this.routes.delete(previewId);
      this.logger.debug(`Preview ${previewId ?? '?'}: ${err.message}`);
      if (isServerResponse(target)) {
        if (!target.headersSent) sendPage(target, 'unreachable');
        else target.destroy();
      } else {
        (target as Duplex | undefined)?.destroy();
      }
    });
  }

  /** The preview id a request is for, or null when it is for the platform itself. */
  previewIdOf(req: IncomingMessage): string | null {
    const host = (req.headers.host ?? '').toLowerCase().replace(/:\d+$/, '');
    if (!host.endsWith(this.suffix)) return null;
    return host.slice(0, -this.suffix.length);
  }

  /** Express middleware: preview hosts are answered here and never reach the platform's routes. */
  handle(req: IncomingMessage, res: ServerResponse, next: () => void): void {
    const previewId = this.previewIdOf(req);
    if (previewId === null) return next();
    void this.route(previewId).then(
      (route) => {
        if (route.kind === 'proxy') {
          this.sandboxes.recordVisit(route.projectId);
          this.proxy.web(req, res, { target: route.target });
        } else {
          sendPage(res, route.page);
        }
      },
      (err: Error) => {
        this.logger.warn(`Routing preview ${previewId}: ${err.message}`);
        sendPage(res, 'unreachable');
      },
    );
  }

  /** WebSocket upgrades of preview hosts (dev servers, live apps). */
  handleUpgrade(req: IncomingMessage, socket: Duplex, head: Buffer): boolean {
    const previewId = this.previewIdOf(req);
    if (previewId === null) return false;
    socket.on('error', () => socket.destroy());
    void this.route(previewId).then(
      (route) => {
        if (route.kind !== 'proxy') {
          socket.end('HTTP/1.1 503 Service Unavailable\r\nConnection: close\r\nContent-Length: 0\r\n\r\n');
          return;
        }
        this.sandboxes.recordVisit(route.projectId);
        this.proxy.ws(req, socket, head, { target: route.target });
      },
      () => socket.destroy(),
    );
    return true;
  }

  private async route(previewId: string): Promise<Route> {
    const cached = this.routes.get(previewId);
    if (cached && cached.expires > Date.now()) return cached.route;
    const route = await this.resolve(previewId);
    this.routes.set(previewId, { route, expires: Date.now() + ROUTE_TTL_MS });
    return route;
  }

  private async resolve(previewId: string): Promise<Route> {
    if (!PREVIEW_ID.test(previewId)) return { kind: 'page', projectId: null, page: 'not-found' };
    const sandbox = await this.sandboxes.findByPreviewId(previewId);
    if (!sandbox) return { kind: 'page', projectId: null, page: 'not-found' };
    const projectId = sandbox.projectId;
    if (sandbox.state === 'building') return { kind: 'page', projectId, page: 'starting' };
    if (sandbox.state === 'running') {
      const target = await this.sandboxes.target(projectId);
      if (target) return { kind: 'proxy', projectId, target };
    }
    if (!sandbox.builtAt) return { kind: 'page', projectId, page: sandbox.state === 'failed' ? 'failed' : 'not-built' };
    // Built, but stopped (idle, by an operator, or its container went away): start it again.
    this.sandboxes.wake(projectId);
    return { kind: 'page', projectId, page: 'starting' };
  }
}

function isServerResponse(target: unknown): target is ServerResponse {
  return typeof (target as ServerResponse | undefined)?.writeHead === 'function';
}

function sendPage(res: ServerResponse, page: PreviewPage): void {
  const { status, html, refreshSeconds } = previewPage(page);
  res.writeHead(status, {
    'Content-Type': 'text/html; charset=utf-8',
    'Cache-Control': 'no-store',
    ...(refreshSeconds ? { 'Retry-After': String(refreshSeconds) } : {}),
  });
  res.end(html);
}
