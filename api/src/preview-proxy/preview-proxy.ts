import { Agent, type IncomingMessage, type ServerResponse } from 'node:http';
import { type Duplex, type Transform, pipeline } from 'node:stream';
import { createBrotliDecompress, createGunzip, createInflate } from 'node:zlib';
import { Inject, Injectable, Logger, type OnModuleDestroy } from '@nestjs/common';
import { OnEvent } from '@nestjs/event-emitter';
import { createProxyServer } from 'http-proxy-3';
import { LRUCache } from 'lru-cache';
import { SHARE_ID_PATTERN } from '@forge/protocol/shares';
import { SHARE_UNPUBLISHED, type ShareUnpublishedEvent } from '../common/events/domain-events.js';
import { APP_CONFIG, type AppConfig } from '../config/app-config.js';
import { DrainState } from '../operations/drain.js';
import { type PreviewOutcome, workMetrics } from '../operations/work-metrics.js';
import type { SandboxRecord } from '../sandboxes/sandboxes.repository.js';
import { SandboxesService } from '../sandboxes/sandboxes.service.js';
import { SharesService } from '../shares/shares.service.js';
import { errorReporterScript } from './error-reporter.js';
import { hostOnlyCookies } from './preview-cookies.js';
import { type PreviewPage, previewPage } from './preview-pages.js';
import { HeldPages, ReporterInjector } from './reporter-injector.js';
import { SourceTagStripper, isScriptResponse } from './source-tag-stripper.js';

const PREVIEW_ID = /^[a-z2-7]{20}$/;
/** How long a preview's route is trusted before the database and Docker are asked again. */
const ROUTE_TTL_MS = 2000;
/** A preview that is starting is asked about again sooner: a woken one is up within about a second. */
const STARTING_TTL_MS = 200;
/** An id nobody has is asked about again only after this: ids are unguessable, new ones are rare. */
const UNKNOWN_ID_TTL_MS = 30_000;
/** Routes kept at most; the least recently visited go first, so random ids cannot grow memory. */
const MAX_CACHED_ROUTES = 10_000;
/** Hop-by-hop headers, and those the rewritten body makes wrong. */
const NOT_COPIED = new Set(['connection', 'keep-alive', 'proxy-connection', 'transfer-encoding', 'content-length', 'upgrade']);
/** Encodings a page may come in although it was asked for uncompressed: unpacked to put the reporter in. */
const DECODERS: Record<string, () => Transform> = { gzip: createGunzip, 'x-gzip': createGunzip, deflate: createInflate, br: createBrotliDecompress };

type Route = { kind: 'proxy'; projectId: string; target: string } | { kind: 'page'; projectId: string | null; page: PreviewPage };

/**
 * Serves every preview on its own origin, `{previewId}.{PREVIEW_DOMAIN}`, by proxying to the
 * project's container; a preview that is not running gets a clear page instead of a hang. A
 * published project's app is served on a second origin, `{shareId}.{PREVIEW_DOMAIN}`, for as long as
 * it stays published: unpublishing closes that origin at once without touching the owner's.
 */
@Injectable()
export class PreviewProxy implements OnModuleDestroy {
  private readonly logger = new Logger('Previews');
  private readonly routes = new LRUCache<string, Route>({ max: MAX_CACHED_ROUTES, ttl: ROUTE_TTL_MS, ttlAutopurge: false });
  /**
   * Connections to the apps are kept open between requests: a sandbox may be on another host, where
   * a new connection per request (the proxy's default) costs more than the rest of the hop.
   */
  private readonly upstream = new Agent({ keepAlive: true, keepAliveMsecs: 1000, maxFreeSockets: 4, timeout: 60_000 });
  private readonly proxy = createProxyServer({ ws: true, xfwd: true, proxyTimeout: 60_000, agent: this.upstream });
  private readonly suffix: string;
  /**
   * Shares unpublished while this server runs. Share ids are never handed out again, so a request
   * that raced the unpublish (its lookup began before) is refused here instead of being served.
   */
  private readonly revokedShares = new LRUCache<string, true>({ max: MAX_CACHED_ROUTES });
  /** The connections open to each public preview host (responses in flight, websockets), closed on unpublish. */
  private readonly shareConnections = new Map<string, Set<Duplex>>();
  private readonly reporter: Buffer;
  /** What the pages being answered hold while their head tags are looked for, in all. */
  private readonly heldPages = new HeldPages();
  /** Page requests whose answer this proxy writes itself, with the error reporter in it. */
  private readonly documents = new WeakSet<IncomingMessage>();
  /** Requests of a share's public app: their scripts are answered without the source tags of select-to-edit. */
  private readonly shareRequests = new WeakSet<IncomingMessage>();

  constructor(
    @Inject(APP_CONFIG) config: AppConfig,
    private readonly sandboxes: SandboxesService,
    private readonly drain: DrainState,
    private readonly shares: SharesService,
  ) {
    this.suffix = `.${config.previewDomain}`;
    this.reporter = Buffer.from(errorReporterScript(config.publicUrl));
    this.proxy.on('proxyRes', (proxyRes, req, res) => {
      proxyRes.headers['set-cookie'] = hostOnlyCookies(proxyRes.headers['set-cookie']);
      if (this.documents.has(req) || this.shareRequests.has(req)) this.answer(proxyRes, req, res);
    });
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

  /** Idle connections to the apps would keep a stopping process alive. */
  onModuleDestroy(): void {
    this.upstream.destroy();
  }

  /** Bytes of pages held now while the reporter's place in them is looked for. */
  get heldPageBytes(): number {
    return this.heldPages.bytes;
  }

  /** How many routes are remembered now. */
  get cachedRoutes(): number {
    return this.routes.size;
  }

  /** Asks the database and Docker again on the next visit: the preview changed state just now. */
  forget(previewId: string): void {
    this.routes.delete(previewId);
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
    const measured = workMetrics.previewRequest();
    let outcome: PreviewOutcome = 'error';
    res.once('close', () => measured(outcome));
    void this.route(previewId).then(
      (route) => {
        if (route.kind === 'proxy' && this.revokedShares.has(previewId)) route = { kind: 'page', projectId: null, page: 'not-shared' };
        if (route.kind === 'proxy') {
          outcome = 'proxied';
          this.sandboxes.recordVisit(route.projectId);
          const share = SHARE_ID_PATTERN.test(previewId);
          if (share) {
            this.trackShareConnection(previewId, req.socket, res);
            // The sandbox's builds tag elements for the owner's select-to-edit; a share's scripts go out without them.
            this.shareRequests.add(req);
          }
          const document = isDocumentRequest(req);
          if (document) this.documents.add(req);
          // A page is rewritten here, and so is any script of a share: they must come uncompressed.
          if (document || share) delete req.headers['accept-encoding'];
          this.proxy.web(req, res, { target: route.target, selfHandleResponse: document || share });
        } else {
          outcome = 'page';
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
        if (route.kind !== 'proxy' || this.revokedShares.has(previewId)) {
          socket.end('HTTP/1.1 503 Service Unavailable\r\nConnection: close\r\nContent-Length: 0\r\n\r\n');
          return;
        }
        this.sandboxes.recordVisit(route.projectId);
        if (SHARE_ID_PATTERN.test(previewId)) this.trackShareConnection(previewId, socket);
        this.proxy.ws(req, socket, head, { target: route.target });
      },
      () => socket.destroy(),
    );
    return true;
  }

  /**
   * A page's answer with the error reporter put in as it streams through when it is HTML, and a share's
   * script with the source tags taken out as it streams through (either unpacked if it came compressed
   * all the same); anything else as it came.
   */
  private answer(proxyRes: IncomingMessage, req: IncomingMessage, res: ServerResponse): void {
    const headers: Record<string, string | string[]> = {};
    for (const [name, value] of Object.entries(proxyRes.headers)) if (value !== undefined && !NOT_COPIED.has(name)) headers[name] = value;
    const status = proxyRes.statusCode ?? 502;
    const encoding = String(proxyRes.headers['content-encoding'] ?? 'identity')
      .trim()
      .toLowerCase();
    const decoder = encoding === 'identity' ? null : DECODERS[encoding];
    const hasBody = status !== 204 && status !== 304;
    const html = this.documents.has(req) && /^text\/html/i.test(String(proxyRes.headers['content-type'] ?? '')) && hasBody && decoder !== undefined;
    const script = this.shareRequests.has(req) && !html && isScriptResponse(proxyRes.headers['content-type']) && hasBody;
    const done = (err: Error | null | undefined) => {
      if (err) res.destroy();
    };
    if (script) {
      // Packed in a way this cannot unpack, its tags could not be taken out: it is not served.
      if (decoder === undefined) {
        proxyRes.resume();
        return sendPage(res, 'unreachable');
      }
      delete headers['content-encoding'];
      res.writeHead(status, headers);
      if (decoder) pipeline(proxyRes, decoder(), new SourceTagStripper(), res, done);
      else pipeline(proxyRes, new SourceTagStripper(), res, done);
      return;
    }
    if (!html) {
      if (proxyRes.headers['content-length']) headers['content-length'] = proxyRes.headers['content-length'];
      res.writeHead(status, headers);
      pipeline(proxyRes, res, done);
      return;
    }
    delete headers['content-encoding'];
    res.writeHead(status, headers);
    const injector = new ReporterInjector(this.reporter, this.heldPages);
    if (decoder) pipeline(proxyRes, decoder(), injector, res, done);
    else pipeline(proxyRes, injector, res, done);
  }

  /** A share stopped: its public host answers "not shared" from the next request on, and what is open closes. */
  @OnEvent(SHARE_UNPUBLISHED)
  onShareUnpublished({ shareId }: ShareUnpublishedEvent): void {
    this.revokedShares.set(shareId, true);
    this.routes.delete(shareId);
    const open = this.shareConnections.get(shareId);
    this.shareConnections.delete(shareId);
    for (const socket of open ?? []) socket.destroy();
  }

  private trackShareConnection(shareId: string, socket: Duplex, res?: ServerResponse): void {
    let open = this.shareConnections.get(shareId);
    if (!open) this.shareConnections.set(shareId, (open = new Set()));
    open.add(socket);
    const forget = () => {
      open.delete(socket);
      if (open.size === 0 && this.shareConnections.get(shareId) === open) this.shareConnections.delete(shareId);
    };
    // A response ends but its keep-alive socket stays: the next request on it is routed again anyway.
    if (res) res.once('close', forget);
    else socket.once('close', forget);
  }

  private async route(label: string): Promise<Route> {
    const isShare = SHARE_ID_PATTERN.test(label);
    if (isShare && this.revokedShares.has(label)) return { kind: 'page', projectId: null, page: 'not-shared' };
    // Not an id we ever hand out: answered without a lookup, and not worth a cache slot.
    if (!isShare && !PREVIEW_ID.test(label)) return { kind: 'page', projectId: null, page: 'not-found' };
    const cached = this.routes.get(label);
    if (cached) return cached;
    const route = isShare ? await this.resolveShare(label) : await this.resolve(label);
    const unknown = route.kind === 'page' && route.projectId === null;
    const starting = route.kind === 'page' && route.page === 'starting';
    if (!this.revokedShares.has(label)) this.routes.set(label, route, { ttl: unknown ? UNKNOWN_ID_TTL_MS : starting ? STARTING_TTL_MS : ROUTE_TTL_MS });
    return route;
  }

  private async resolve(previewId: string): Promise<Route> {
    const sandbox = await this.sandboxes.findByPreviewId(previewId);
    if (!sandbox) return { kind: 'page', projectId: null, page: 'not-found' };
    return this.resolveSandbox(sandbox);
  }

  /** A public preview: the shared project's app, woken like the owner's; visitors get pages worded for them. */
  private async resolveShare(shareId: string): Promise<Route> {
    const projectId = await this.shares.projectIdOf(shareId);
    if (!projectId) return { kind: 'page', projectId: null, page: 'not-shared' };
    const sandbox = await this.sandboxes.find(projectId);
    const route: Route = sandbox ? await this.resolveSandbox(sandbox) : { kind: 'page', projectId, page: 'not-built' };
    if (route.kind === 'page' && (route.page === 'not-built' || route.page === 'failed')) return { ...route, page: 'share-unavailable' };
    return route;
  }

  private async resolveSandbox(sandbox: SandboxRecord): Promise<Route> {
    const projectId = sandbox.projectId;
    if (sandbox.state === 'building') return { kind: 'page', projectId, page: 'starting' };
    if (sandbox.state === 'running') {
      const target = await this.sandboxes.target(projectId);
      if (target) return { kind: 'proxy', projectId, target };
    }
    if (!sandbox.builtAt) return { kind: 'page', projectId, page: sandbox.state === 'failed' ? 'failed' : 'not-built' };
    // Built, but stopped (idle, by an operator, or its container went away): start it again,
    // unless this server is shutting down and starts no builds.
    if (this.drain.draining) return { kind: 'page', projectId, page: 'unreachable' };
    this.sandboxes.wake(projectId);
    return { kind: 'page', projectId, page: 'starting' };
  }
}

/** A page load (top level or in a frame), not a script, a fetch or an image. */
function isDocumentRequest(req: IncomingMessage): boolean {
  if (req.method !== 'GET') return false;
  const dest = req.headers['sec-fetch-dest'];
  if (dest) return dest === 'document' || dest === 'iframe';
  return /text\/html/.test(String(req.headers.accept ?? ''));
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
