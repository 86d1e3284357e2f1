import { Router } from 'express';
import { HttpError } from './http-error';
import { apiKey } from './key';

// The app's JSON API, mounted under /api: it calls the service with the key and answers only what
// the page needs. The app replaces this file with its own routes.
export const apiRouter = Router();

apiRouter.get('/status', async (_req, res) => {
  const response = await fetch('https://api.example.com/v1/status', { headers: { Authorization: `Bearer ${apiKey()}` } });
  if (response.status === 401 || response.status === 403) throw new HttpError(502, 'The service refused the key: check it in Secrets.');
  if (!response.ok) throw new HttpError(502, `The service answered ${response.status}.`);
  res.json(await response.json());
});
