import express, { type NextFunction, type Request, type Response } from 'express';
import { existsSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { databaseUrl, pool } from './db';
import { HttpError } from './http-error';
import { apiRouter } from './routes';

const app = express();
app.disable('x-powered-by');
app.use(express.json({ limit: '1mb' }));

app.get('/api/health', (_req, res) => {
  res.json({ ok: true, database: databaseUrl ? 'configured' : 'missing' });
});

app.use('/api', (_req, _res, next) => {
  if (!databaseUrl) throw new HttpError(503, 'The database is not set up yet: initialize it, then restart the app.');
  next();
});
app.use('/api', apiRouter);
app.use('/api', () => {
  throw new HttpError(404, 'No such API endpoint.');
});

// In production this server also serves the built client (npm run build writes dist/).
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
  console.error(error);
  res.status(500).json({ error: 'Something went wrong on the server.' });
});

const port = Number(process.env.PORT) || 3001;
const server = app.listen(port, '0.0.0.0', () => {
  console.log(`Server listening on http://localhost:${port}`);
});

process.on('SIGTERM', () => {
  server.close(() => void pool.end());
});
