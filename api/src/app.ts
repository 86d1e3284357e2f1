import { existsSync } from 'node:fs';
import type { IncomingMessage } from 'node:http';
import type { Duplex } from 'node:stream';
import { join } from 'node:path';
import { type LogLevel } from '@nestjs/common';
import { NestFactory } from '@nestjs/core';
import type { NestExpressApplication } from '@nestjs/platform-express';
import cookieParser from 'cookie-parser';
import express, { type NextFunction, type Request, type Response } from 'express';
import { AppModule } from './app.module.js';
import type { AppConfig } from './config/app-config.js';
import { jsonBody } from './common/http/json-body.js';
import { PreviewProxy } from './previews/preview-proxy.js';

export interface CreateAppOptions {
  logger?: LogLevel[] | false;
}

/** The whole platform as one Nest application: the API under /api and the web app everywhere else. */
export async function createApp(config: AppConfig, databaseUrl: string, options: CreateAppOptions = {}): Promise<NestExpressApplication> {
  const app = await NestFactory.create<NestExpressApplication>(AppModule.forRoot(config, databaseUrl), {
    bodyParser: false,
    // Nest's 'log' level lists every route at each start; our own start-up lines go to the console.
    logger: options.logger ?? ['warn', 'error'],
  });
  // Preview hosts are the projects' own origins: answered by the proxy, before any platform route.
  const previews = app.get(PreviewProxy);
  app.use((req: Request, res: Response, next: NextFunction) => previews.handle(req, res, next));
  app.getHttpServer().on('upgrade', (req: IncomingMessage, socket: Duplex, head: Buffer) => {
    if (!previews.handleUpgrade(req, socket, head)) socket.destroy();
  });
  app.setGlobalPrefix('api');
  app.set('trust proxy', 'loopback');
  app.disable('x-powered-by');
  app.use(cookieParser());
  app.use('/api', ...jsonBody());
  app.use('/api', (_req: Request, res: Response, next: NextFunction) => {
    res.setHeader('Cache-Control', 'no-store');
    next();
  });
  if (config.webDistDir) serveWebApp(app, config.webDistDir);
  app.enableShutdownHooks();
  return app;
}

function serveWebApp(app: NestExpressApplication, dir: string): void {
  const indexHtml = join(dir, 'index.html');
  // Hashed bundles never change; index.html must always be fresh.
  app.use('/assets', express.static(join(dir, 'assets'), { immutable: true, maxAge: '1y', fallthrough: false }));
  app.use(express.static(dir, { index: false, maxAge: '1h' }));
  app.use((req: Request, res: Response, next: NextFunction) => {
    if ((req.method !== 'GET' && req.method !== 'HEAD') || req.path === '/api' || req.path.startsWith('/api/')) return next();
    if (!existsSync(indexHtml)) return next();
    res.setHeader('Cache-Control', 'no-cache');
    res.sendFile(indexHtml);
  });
}
