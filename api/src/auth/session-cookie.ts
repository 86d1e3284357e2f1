import type { CookieOptions, Request, Response } from 'express';

/**
 * `__Host-`: the browser takes this cookie only when it is Secure, has Path=/ and no Domain, so no
 * other host (a preview on a sibling or child domain) can set or overwrite it. Browsers treat
 * http://localhost as secure, so local use works without TLS; anywhere else the app must be served
 * over HTTPS.
 */
export const SESSION_COOKIE = '__Host-forge_session';

/** Where the auth service reads and writes the session token, without knowing about HTTP. */
export interface SessionCookieJar {
  read(): string | undefined;
  write(token: string, expiresAt: Date): void;
  clear(): void;
  userAgent(): string | null;
}

const COOKIE_OPTIONS: CookieOptions = { httpOnly: true, sameSite: 'lax', secure: true, path: '/' };

export function sessionTokenOf(req: Request): string | undefined {
  return (req.cookies as Record<string, string> | undefined)?.[SESSION_COOKIE];
}

export function cookieJarFor(req: Request, res: Response): SessionCookieJar {
  return {
    read: () => sessionTokenOf(req),
    write: (token, expiresAt) => res.cookie(SESSION_COOKIE, token, { ...COOKIE_OPTIONS, expires: expiresAt }),
    clear: () => res.clearCookie(SESSION_COOKIE, COOKIE_OPTIONS),
    userAgent: () => req.get('user-agent')?.slice(0, 255) ?? null,
  };
}
