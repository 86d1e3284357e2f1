import type { NextFunction, Request, RequestHandler, Response } from 'express';
import { type ApiErrorBody, ErrorCode } from '@forge/protocol/errors';

const SAFE_METHODS = new Set(['GET', 'HEAD', 'OPTIONS']);

/**
 * Refuses state-changing requests that a page of another origin made, before anything is read or
 * done: a preview (its own origin by design) must never start a build, sign out or spend as the
 * person viewing it. Browsers say where a request comes from (`Sec-Fetch-Site`, `Origin`); clients
 * that are not browsers send neither and are let through, since they carry no visitor's cookie.
 */
export function sameOriginOnly(): RequestHandler {
  return (req: Request, res: Response, next: NextFunction) => {
    if (SAFE_METHODS.has(req.method)) return next();
    const reason = crossSiteReason(req);
    if (!reason) return next();
    const body: ApiErrorBody = { error: `Refused a request from another site: ${reason}.`, code: ErrorCode.CrossSite };
    res.status(403).json(body);
  };
}

export function crossSiteReason(req: Request): string | null {
  const site = req.get('sec-fetch-site');
  if (site && site !== 'same-origin' && site !== 'none') return `Sec-Fetch-Site is ${site}`;
  const origin = req.get('origin');
  if (origin === undefined) return null;
  let host: string;
  try {
    host = new URL(origin).host;
  } catch {
    return `Origin ${origin} is not this app's`;
  }
  return host === req.get('host') ? null : `Origin ${origin} is not this app's`;
}
