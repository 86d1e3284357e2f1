/** Why a project file path is refused, or null when it is a safe relative path inside the project. */
export function unsafePathReason(path: string): string | null {
  if (path.length === 0) return 'empty path';
  if (path.length > 512) return 'path longer than 512 characters';
  if (path.includes('\0')) return 'NUL character in path';
  if (path.includes('\\')) return 'backslash in path';
  if (path.startsWith('/') || /^[A-Za-z]:/.test(path)) return 'absolute path';
  const segments = path.split('/');
  if (segments.some((s) => s === '..')) return 'path escapes the project';
  if (segments.some((s) => s === '' || s === '.')) return 'empty or "." path segment';
  if ([...path].some((c) => c.charCodeAt(0) < 0x20 || c.charCodeAt(0) === 0x7f)) return 'control character in path';
  return null;
}

export function isSafeProjectPath(path: string): boolean {
  return unsafePathReason(path) === null;
}
