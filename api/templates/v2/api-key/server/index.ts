import express from 'express';
import { API_KEY_NAME, apiKey } from './key';
import { apiRouter } from './routes';
import { serveApp } from './serve-app';

const app = express();
app.disable('x-powered-by');
app.use(express.json({ limit: '1mb' }));

app.get('/api/health', (_req, res) => {
  res.json({ ok: true, key: apiKey() ? 'configured' : 'missing' });
});

// Until the key is saved every other call answers 503 naming it, and the page shows a calm "waiting for key" state.
app.use('/api', (_req, res, next) => {
  if (apiKey()) return next();
  res.status(503).json({ error: `Waiting for ${API_KEY_NAME}: add it in Secrets.`, missingKey: API_KEY_NAME });
});
app.use('/api', apiRouter);
serveApp(app);

const port = Number(process.env.PORT) || 3001;
app.listen(port, '0.0.0.0', () => {
  console.log(`Server listening on http://localhost:${port}`);
});
