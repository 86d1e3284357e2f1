import express, { type Express, type NextFunction, type Request, type Response } from 'express';
import { existsSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { HttpError } from './http-error';

/** Unknown /api paths answer 404; in production this server also serves the built client (npm run build writes dist/). */
export function serveApp(app: Express): void {
  app.use('/api', () => {
    throw new HttpError(404, 'No such API endpoint.');
  });
  const distDir = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../dist');
  if (existsSync(distDir)) {
    app.use(express.static(distDir));
    app.use((req, res, next) => {
      if (req.method !== 'GET') return next();
      res.sendFile(path.join(distDir, 'index.html'));
    });
  }
  app.use((error: unknown, _req: Request, res: Response, _next: NextFunction) => {
    if (error instanceof HttpError) {
      res.status(error.status).json({ error: error.message });
      return;
    }
    // express.json() refusing a body: malformed JSON or too large.
    const status = (error as { status?: unknown }).status;
    if (typeof status === 'number' && status >= 400 && status < 500) {
      res.status(status).json({ error: status === 413 ? 'The request is too large.' : 'The request body is not valid JSON.' });
      return;
    }
    console.error(error);
    res.status(500).json({ error: 'Something went wrong on the server.' });
  });
}
