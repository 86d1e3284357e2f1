import { existsSync } from 'node:fs';
import type { IncomingMessage } from 'node:http';
import type { Duplex } from 'node:stream';
import { join } from 'node:path';
import { type LogLevel, type LoggerService, RequestMethod } from '@nestjs/common';
import { NestFactory } from '@nestjs/core';
import type { NestExpressApplication } from '@nestjs/platform-express';
import cookieParser from 'cookie-parser';
import express, { type NextFunction, type Request, type Response } from 'express';
import { AppModule } from './app.module.js';
import type { AppConfig, ProjectsDatabaseServer } from './config/app-config.js';
import { sameOriginOnly } from './common/http/same-origin.js';
import { InFlightRequests } from './operations/in-flight-requests.js';
import { JsonLogger } from './operations/json-logger.js';
import { PreviewProxy } from './preview-proxy/preview-proxy.js';

export interface CreateAppOptions {
  logger?: LogLevel[] | false;
  /** The projects' database server (main.ts starts it); without one, database features answer a clear error. */
  projectsDatabase?: ProjectsDatabaseServer | null;
}

// Nest's 'log' level lists every route at each start; our own start-up lines go to the console.
const LOG_LEVELS: LogLevel[] = ['warn', 'error'];

/** The whole platform as one Nest application: the API under /api and the web app everywhere else. */
export async function createApp(config: AppConfig, databaseUrl: string, options: CreateAppOptions = {}): Promise<NestExpressApplication> {
  const app = await NestFactory.create<NestExpressApplication>(AppModule.forRoot(config, databaseUrl, options.projectsDatabase ?? null), {
    bodyParser: false,
    logger: options.logger ?? appLogger(config),
  });
  // Counted first, previews included: a graceful shutdown waits for these to finish.
  const inFlight = app.get(InFlightRequests);
  app.use(inFlight.track);
  // Preview hosts are the projects' own origins: answered by the proxy, before any platform route.
  const previews = app.get(PreviewProxy);
  app.use((req: Request, res: Response, next: NextFunction) => previews.handle(req, res, next));
  app.getHttpServer().on('upgrade', (req: IncomingMessage, socket: Duplex, head: Buffer) => {
    if (!previews.handleUpgrade(req, socket, head)) socket.destroy();
  });
  // Prometheus expects /metrics at the root; everything else of the API lives under /api.
  app.setGlobalPrefix('api', { exclude: [{ path: 'metrics', method: RequestMethod.GET }] });
  app.set('trust proxy', 'loopback');
  app.disable('x-powered-by');
  // The platform's pages may be framed only by themselves, and keep no window relation with another
  // origin's (reverse tabnabbing: a preview that opened the app could later send its tab elsewhere).
  // Previews are answered above and keep their own rules.
  app.use((_req: Request, res: Response, next: NextFunction) => {
    res.setHeader('Content-Security-Policy', "frame-ancestors 'self'");
    res.setHeader('X-Frame-Options', 'SAMEORIGIN');
    res.setHeader('Cross-Origin-Opener-Policy', 'same-origin');
    next();
  });
  app.use(cookieParser());
  app.use('/api', sameOriginOnly());
  app.use('/api', (_req: Request, res: Response, next: NextFunction) => {
    res.setHeader('Cache-Control', 'no-store');
    next();
  });
  if (config.webDistDir) serveWebApp(app, config.webDistDir);
  // No enableShutdownHooks(): main.ts handles SIGTERM itself, draining before it closes the app.
  return app;
}

function appLogger(config: AppConfig): LogLevel[] | LoggerService {
  return config.operations.logFormat === 'json' ? new JsonLogger(LOG_LEVELS) : LOG_LEVELS;
}

function serveWebApp(app: NestExpressApplication, dir: string): void {
  const indexHtml = join(dir, 'index.html');
  // Hashed bundles never change; index.html must always be fresh.
  app.use('/assets', express.static(join(dir, 'assets'), { immutable: true, maxAge: '1y', fallthrough: false }));
  app.use(express.static(dir, { index: false, maxAge: '1h' }));
  app.use((req: Request, res: Response, next: NextFunction) => {
    if ((req.method !== 'GET' && req.method !== 'HEAD') || req.path === '/api' || req.path.startsWith('/api/') || req.path === '/metrics') return next();
    if (!existsSync(indexHtml)) return next();
    res.setHeader('Cache-Control', 'no-cache');
    res.sendFile(indexHtml);
  });
}
