/**
 * Files a share never shows: environment files. The project's own `.env` (its saved secrets) is never
 * one of its files, but a model may write `.env.local` or `server/.env.production`, and what such a
 * file holds is meant for the app, not for visitors. `.env.example` (names and placeholders, the
 * file the secrets view reads) is shown, as the ZIP includes it.
 */
export function isHiddenFromShare(path: string): boolean {
  return path.split('/').some((segment) => {
    const name = segment.toLowerCase();
    if (name === '.env') return true;
    return name.startsWith('.env.') && name !== '.env.example';
  });
}

/** The paths a share lists. */
export function sharedPaths(paths: readonly string[]): string[] {
  return paths.filter((path) => !isHiddenFromShare(path));
}
