import express from 'express';
import { databaseUrl, pool } from './db';
import { HttpError } from './http-error';
import { apiRouter } from './routes';
import { serveApp } from './serve-app';

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
serveApp(app);

const port = Number(process.env.PORT) || 3001;
const server = app.listen(port, '0.0.0.0', () => {
  console.log(`Server listening on http://localhost:${port}`);
});

process.on('SIGTERM', () => {
  server.close(() => void pool.end());
});
