import { Router } from 'express';

// The app's JSON API, mounted under /api. The app replaces this file with its own routes.
export const apiRouter = Router();
