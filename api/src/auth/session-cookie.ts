import type { CookieOptions, Request, Response } from 'express';

export const SESSION_COOKIE = 'forge_session';

/** Where the auth service reads and writes the session token, without knowing about HTTP. */
export interface SessionCookieJar {
  read(): string | undefined;
  write(token: string, expiresAt: Date): void;
  clear(): void;
  userAgent(): string | null;
}

export function cookieJarFor(req: Request, res: Response): SessionCookieJar {
  const base: CookieOptions = { httpOnly: true, sameSite: 'lax', secure: req.secure, path: '/' };
  return {
    read: () => (req.cookies as Record<string, string> | undefined)?.[SESSION_COOKIE],
    write: (token, expiresAt) => res.cookie(SESSION_COOKIE, token, { ...base, expires: expiresAt }),
    clear: () => res.clearCookie(SESSION_COOKIE, base),
    userAgent: () => req.get('user-agent')?.slice(0, 255) ?? null,
  };
}
